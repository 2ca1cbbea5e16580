//! Simple colouring: one digit's conjugate pairs, coloured in two colours.

use std::borrow::Cow;

use sudokit_core::{Cand, Cell, Digit, Reason};

use crate::board::Board;
use crate::technique::{Deduction, Technique};

/// Simple colouring (single-digit colouring) of one digit.
///
/// A *conjugate pair* is a house where the digit has exactly two places:
/// one of them holds it, the other does not. Conjugate pairs that share
/// cells form chains; colouring their cells alternately in two colours,
/// every cell of one colour holds the digit and no cell of the other does
/// (each pair has one cell of each colour). So:
///
/// * **colour trap**: a cell outside the chain that sees a cell of each
///   colour loses the digit (one of the two holds it);
/// * **colour wrap**: two cells of one colour that see each other cannot
///   both hold the digit, so that colour is the false one: all its cells
///   lose the digit.
///
/// "Sees" is a weak link on the digit ([`Board::weakly_linked`]), so
/// variants' peers (anti-knight, diagonals) count. Difficulty: Sudoku
/// Explainer has no colouring; it finds the same eliminations as X-cycles
/// (6.5) and forcing X-chains (6.6), so a trap is rated 6.5 and a wrap 6.6,
/// whatever the chain's length.
#[derive(Clone, Copy, Debug, Default)]
pub struct SimpleColouring;

impl SimpleColouring {
    const TRAP: f32 = 6.5;
    const WRAP: f32 = 6.6;
}

/// One chain of conjugate pairs: its cells of each colour.
#[derive(Debug, Default)]
struct Cluster {
    colours: [Vec<Cell>; 2],
}

/// The chains of conjugate pairs of `digit` with more than one pair (one
/// pair alone is locked candidates); a chain whose colouring clashes (only
/// when the candidates have no solution) is left out.
fn clusters(board: &Board<'_>, digit: Digit) -> Vec<Cluster> {
    let cells = board.all_candidates().len();
    let mut next: Vec<Vec<Cell>> = vec![Vec::new(); cells];
    for house in board.houses() {
        if let [p, q] = board.places(house, digit)[..] {
            if board.value(p).is_none() && board.value(q).is_none() {
                next[p.index()].push(q);
                next[q.index()].push(p);
            }
        }
    }
    // 0: not reached; 1, 2: the colours.
    let mut colour = vec![0u8; cells];
    let mut found = Vec::new();
    for start in board.cells() {
        if colour[start.index()] != 0 || next[start.index()].is_empty() {
            continue;
        }
        let mut cluster = Cluster::default();
        let mut clash = false;
        colour[start.index()] = 1;
        let mut queue = vec![start];
        let mut k = 0;
        while let Some(&cell) = queue.get(k) {
            k += 1;
            let own = colour[cell.index()];
            cluster.colours[own as usize - 1].push(cell);
            for &other in &next[cell.index()] {
                match colour[other.index()] {
                    0 => {
                        colour[other.index()] = 3 - own;
                        queue.push(other);
                    }
                    c if c == own => clash = true,
                    _ => {}
                }
            }
        }
        if !clash && queue.len() > 2 {
            for side in &mut cluster.colours {
                side.sort_unstable();
            }
            found.push(cluster);
        }
    }
    found
}

fn names(board: &Board<'_>, cells: &[Cell]) -> String {
    cells
        .iter()
        .map(|&c| board.name(c))
        .collect::<Vec<_>>()
        .join(", ")
}

impl Technique for SimpleColouring {
    fn name(&self) -> Cow<'static, str> {
        "simple colouring".into()
    }

    fn difficulty(&self) -> f32 {
        Self::TRAP
    }

    fn find(&self, board: &Board<'_>) -> Option<Deduction> {
        let linked = |a: Cell, b: Cell, d: Digit| board.weakly_linked(Cand::new(a, d), Cand::new(b, d));
        let sees_any = |cell: Cell, cells: &[Cell], d: Digit| cells.iter().any(|&c| linked(cell, c, d));
        let digits = 1..=board.size() as Digit;
        let all: Vec<(Digit, Vec<Cluster>)> = digits.map(|d| (d, clusters(board, d))).collect();
        let describe = |cluster: &Cluster| {
            format!(
                "colour A {}; colour B {}",
                names(board, &cluster.colours[0]),
                names(board, &cluster.colours[1])
            )
        };
        let reason = |rule: &'static str, digit: Digit, cluster: &Cluster| {
            Reason::new(rule)
                .cells(cluster.colours.iter().flatten().copied())
                .digits([digit])
        };
        // Traps first: the easier deduction.
        for (digit, clusters) in &all {
            let digit = *digit;
            for cluster in clusters {
                let [a, b] = &cluster.colours;
                let eliminations: Vec<Cand> = board
                    .cells()
                    .filter(|&c| board.has(c, digit) && !a.contains(&c) && !b.contains(&c))
                    .filter(|&c| sees_any(c, a, digit) && sees_any(c, b, digit))
                    .map(|c| Cand::new(c, digit))
                    .collect();
                if !eliminations.is_empty() {
                    let reason = reason("colour trap", digit, cluster).text(describe(cluster));
                    return Some(Deduction::eliminate(reason, Self::TRAP, eliminations));
                }
            }
        }
        for (digit, clusters) in &all {
            let digit = *digit;
            for cluster in clusters {
                for (side, name) in cluster.colours.iter().zip(["A", "B"]) {
                    let clash = side.iter().enumerate().find_map(|(i, &p)| {
                        side[i + 1..]
                            .iter()
                            .find(|&&q| linked(p, q, digit))
                            .map(|&q| (p, q))
                    });
                    let Some((p, q)) = clash else {
                        continue;
                    };
                    let text = format!(
                        "{}; {} and {} are both colour {name}, so colour {name} is false",
                        describe(cluster),
                        board.name(p),
                        board.name(q)
                    );
                    let eliminations = side.iter().map(|&c| Cand::new(c, digit)).collect();
                    let reason = reason("colour wrap", digit, cluster).text(text);
                    return Some(Deduction::eliminate(reason, Self::WRAP, eliminations));
                }
            }
        }
        None
    }
}
