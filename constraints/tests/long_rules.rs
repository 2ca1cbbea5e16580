//! Every rule kind at its longest on the largest board (128×128, issue 27):
//! a rule along a path through the whole board is either refused with a
//! message naming the rule, or declared in a size that grows with its
//! cells, not with their square. The longest length each kind accepts is
//! found by bisection over a snake path through the board, and its
//! declarations (relations, group and sum cells) are counted: the model's
//! size follows them, so the counts are the memory bound (peak memory of
//! the release binary on these instances is in the issue's closing note).

use std::sync::OnceLock;
use sudokit_constraints::native;

use sudokit_constraints::registry::{BuildContext, Registry, MAX_RULE_RELATIONS};
use sudokit_constraints::spec::PuzzleSpec;
use sudokit_core::{Constraint, Geometry};
use toml::{Table, Value};

/// The largest board sudokit reads.
const N: usize = 128;

/// At most this many related pairs per rule, the bound the rules enforce.
const MAX_RELATIONS: usize = MAX_RULE_RELATIONS;

/// At most this many cells in a rule's groups, sums and domains together.
const MAX_CELL_ENTRIES: usize = 4 * N * N;

/// The name of the `i`-th cell of a snake through the board: along row 1,
/// back along row 2, and so on, so that neighbours on the path touch.
fn snake(i: usize) -> String {
    let (r, c) = (i / N, i % N);
    let c = if r % 2 == 0 { c } else { N - 1 - c };
    format!("r{}c{}", r + 1, c + 1)
}

/// `len` cells of the snake from its `start`-th, as a cell list.
fn path(start: usize, len: usize) -> Value {
    Value::String((start..start + len).map(snake).collect::<Vec<_>>().join(" "))
}

/// The kind's own example with its cells replaced by `len` cells of the
/// snake (an arrow's circle and a clone's copy kept off its path), or the
/// example as it is when the kind takes no cells (`len` is then ignored).
fn instance(example: &str, len: usize) -> Table {
    let mut rule: Table = toml::from_str::<Table>(&format!("rule = {example}")).unwrap()["rule"]
        .as_table()
        .unwrap()
        .clone();
    if rule.contains_key("cells") {
        let start = usize::from(rule.contains_key("circle"));
        if rule.contains_key("circle") {
            rule.insert("circle".into(), path(0, 1));
        }
        rule.insert("cells".into(), path(start, len));
        if rule.contains_key("clones") {
            rule.insert("clones".into(), path(N * N / 2, len));
        }
    }
    rule
}

/// The native document of a 128×128 board with `rule` alone.
fn document(rule: Table) -> String {
    let mut doc = Table::new();
    doc.insert("size".into(), Value::Integer(N as i64));
    doc.insert("rules".into(), Value::Array(vec![Value::Table(rule)]));
    toml::to_string(&doc).unwrap()
}

/// The board, built once: a board of 128 takes a while to lay out.
fn board() -> &'static Geometry {
    static BOARD: OnceLock<Geometry> = OnceLock::new();
    BOARD.get_or_init(|| Geometry::square(N).unwrap())
}

/// The rule read from a file and built on the board, or why it is refused
/// (by the reader or by the kind's build).
fn build(rule: Table) -> Result<Box<dyn Constraint>, String> {
    let spec: PuzzleSpec = native::read(&document(rule)).map_err(|e| e.to_string())?;
    let rule = &spec.rules[0];
    let context = BuildContext {
        geometry: board(),
        classic: true,
        dotted: Vec::new(),
        summed: Vec::new(),
        ratios: vec![2],
        chaos: false,
        same_regions: Vec::new(),
    };
    (rule.kind().build)(rule, &context).map_err(|e| e.to_string())
}

/// The rule's declarations: related pairs, and cells in groups, sums and
/// domains.
fn declarations(rule: &dyn Constraint) -> (usize, usize) {
    let g = board();
    let relations = rule.relations(g).len();
    let cells = rule.groups(g).iter().map(|g| g.cells().len()).sum::<usize>()
        + rule.sums(g).iter().map(|s| s.cells().count()).sum::<usize>()
        + rule.domains(g).len();
    (relations, cells)
}

/// The longest length of the snake the kind accepts, by bisection between
/// 1 and `most` (0 when it refuses even one cell); every refusal must name
/// the kind.
fn longest(name: &str, example: &str, most: usize) -> usize {
    let accepts = |len: usize| match build(instance(example, len)) {
        Ok(_) => true,
        Err(e) => {
            let words = name.replace('-', " ");
            assert!(
                e.contains(name) || e.contains(&words) || e.contains(words.split(' ').next().unwrap()),
                "{name} of {len} cells refused without naming the rule: {e}"
            );
            false
        }
    };
    if accepts(most) {
        return most;
    }
    let (mut good, mut bad) = (0, most);
    while bad - good > 1 {
        let mid = (good + bad) / 2;
        if accepts(mid) {
            good = mid;
        } else {
            bad = mid;
        }
    }
    good
}

#[test]
fn every_kind_at_its_longest_on_128x128_declares_a_bounded_model() {
    let mut report = Vec::new();
    let mut over = Vec::new();
    for kind in Registry::default().kinds() {
        let example = kind.example;
        if build(instance(example, 1)).is_err() {
            report.push(format!("{}: refused on 128×128 whatever its cells", kind.name));
            continue;
        }
        let takes_cells = instance(example, 1).contains_key("cells");
        let len = if takes_cells {
            let most = if example.contains("clones") {
                N * N / 2
            } else {
                N * N - 1
            };
            longest(kind.name, example, most)
        } else {
            0
        };
        if takes_cells && len == 0 {
            continue;
        }
        let rule = build(instance(example, len.max(1)))
            .unwrap_or_else(|e| panic!("{} at its longest ({len} cells) refused: {e}", kind.name));
        let (relations, cells) = declarations(rule.as_ref());
        let line = format!(
            "{}: {len} cells, {relations} related pairs, {cells} cells in groups, sums and domains",
            kind.name
        );
        if relations > MAX_RELATIONS || cells > MAX_CELL_ENTRIES {
            over.push(line.clone());
        }
        report.push(line);
    }
    println!("{}", report.join("\n"));
    assert!(
        over.is_empty(),
        "above {MAX_RELATIONS} pairs or {MAX_CELL_ENTRIES} cells:\n{}",
        over.join("\n")
    );
}

#[test]
fn a_thermometer_longer_than_the_board_has_an_empty_domain_not_a_quadratic_model() {
    // The issue's case: 10,000 cells on 128×128 once declared 50 million
    // pairs; now neighbours, and bounds by position that leave no cell a
    // digit (the k-th needs at least k, and room for the cells above it).
    let thermometer = build(instance(r#"{ type = "thermometer", cells = "r1c1" }"#, 10_000)).unwrap();
    let (relations, _) = declarations(thermometer.as_ref());
    assert_eq!(relations, 9_999);
    let domains = thermometer.domains(board());
    assert_eq!(domains.len(), 10_000);
    assert!(domains.iter().all(|(_, digits)| digits.is_empty()));
    // On the longest line that fits, each cell has exactly its own digit.
    let fits = build(instance(r#"{ type = "thermometer", cells = "r1c1" }"#, N)).unwrap();
    let domains = fits.domains(board());
    assert!(domains
        .iter()
        .enumerate()
        .all(|(k, (_, digits))| digits.iter().eq([k as u8 + 1])));
}

#[test]
fn a_nabner_line_longer_than_its_digits_is_refused_by_name() {
    let nabner = |len| build(instance(r#"{ type = "nabner", cells = "r1c1" }"#, len));
    assert!(nabner(64).is_ok());
    let refusal = nabner(65).err().unwrap();
    assert!(refusal.contains("nabner") && refusal.contains("64"), "{refusal}");
}
