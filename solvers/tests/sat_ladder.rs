//! The order-encoded ladder of partial sums (the SAT strategy's clauses for
//! every sum: little killers, arrows, pills, cages, and the sums the model
//! derives from them): on small boards the SAT strategy counts exactly what
//! brute force through the rules' `check` counts, so the ladder forbids no
//! solution and lets no wrong grid through.

use sudokit_constraints::native;
use sudokit_core::testkit::count_solutions;
use sudokit_core::Puzzle;
use sudokit_solvers::{strategy_by_name, Limits};

/// A `size`×`size` puzzle of the native format with the classic rules,
/// `givens` in its first cells and the rule tables `rules`.
fn small(size: usize, givens: &str, rules: &str) -> Puzzle {
    let text = format!(
        "size = {size}\ngivens = \"{givens:.<width$}\"\nrules = [{rules}]\n",
        width = size * size
    );
    match native::read(&text).map(|spec| spec.build()) {
        Ok(Ok(puzzle)) => puzzle,
        Ok(Err(e)) => panic!("{e}\n{text}"),
        Err(e) => panic!("{e}\n{text}"),
    }
}

#[test]
fn sat_counts_what_brute_force_counts_on_sums() {
    // Few enough solutions for brute force and for SAT's blocking clauses.
    let band = "123456456123";
    let cases = [
        // Little killers: long and short diagonals, near both ends of their range.
        (
            4,
            "",
            r#"{ type = "little-killer", clue = "r0c0", direction = "DR", sum = 13 }"#,
        ),
        (
            4,
            "",
            r#"{ type = "little-killer", clue = "r0c5", direction = "DL", sum = 5 }"#,
        ),
        (
            4,
            "1",
            r#"{ type = "little-killer", clue = "r0c3", direction = "DL", sum = 7 }, { type = "little-killer", clue = "r5c2", direction = "UR", sum = 6 }"#,
        ),
        (
            6,
            band,
            r#"{ type = "little-killer", clue = "r0c0", direction = "DR", sum = 22 }, { type = "little-killer", clue = "r2c0", direction = "DR", sum = 9 }"#,
        ),
        (
            6,
            "12",
            r#"{ type = "little-killer", clue = "r0c7", direction = "DL", sum = 11 }, { type = "disjoint-groups" }"#,
        ),
        // Arrows (negative coefficients), a pill (coefficient 10), a double arrow.
        (
            4,
            "",
            r#"{ type = "arrow", circle = "r1c1", cells = "r2c2 r3c3" }"#,
        ),
        (
            6,
            band,
            r#"{ type = "arrow", circle = "r3c1 r3c2", cells = "r4c2 r4c3 r5c4 r5c5 r6c6 r6c5" }"#,
        ),
        (
            6,
            band,
            r#"{ type = "double-arrow", cells = "r3c1 r4c2 r5c3 r6c4" }"#,
        ),
        // Cages, repeating or not.
        (
            4,
            "",
            r#"{ type = "repeating-cage", cells = "r1c1 r2c2 r3c3", sum = 5 }"#,
        ),
        (
            6,
            band,
            r#"{ type = "repeating-cage", cells = "r3c1 r3c2 r4c2 r5c2", sum = 15 }"#,
        ),
        (
            4,
            "",
            r#"{ type = "killer-cage", cells = "r1c1 r1c2 r2c1", sum = 8 }"#,
        ),
    ];
    let sat = strategy_by_name("sat").unwrap();
    for (size, givens, rules) in cases {
        let puzzle = small(size, givens, rules);
        let expected = count_solutions(&puzzle, 50_000_000, u64::MAX).expect("small enough");
        let outcome = sat
            .count(&puzzle, &Limits::all())
            .unwrap_or_else(|e| panic!("{rules}: {e}"));
        assert!(outcome.exhaustive(), "{rules}");
        assert_eq!(outcome.count, expected, "{rules}");
    }
}

/// A sum no grid can make leaves the formula unsatisfiable (the ladder's
/// last step pins the total).
#[test]
fn an_impossible_little_killer_has_no_solution() {
    // Four cells of a 4×4 diagonal hold 1, 2, 3 or 4 each: 17 is out of reach.
    let puzzle = small(
        4,
        "",
        r#"{ type = "little-killer", clue = "r0c0", direction = "DR", sum = 17 }"#,
    );
    let outcome = strategy_by_name("sat").unwrap().count(&puzzle, &Limits::all());
    match outcome {
        Ok(outcome) => assert_eq!(outcome.count, 0),
        Err(e) => panic!("{e}"),
    }
}
