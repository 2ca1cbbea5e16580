//! Wings: XY-wing, XYZ-wing and W-wing.
//!
//! "Sees" is a weak link on one digit ([`Board::weakly_linked`]): two
//! cells of one group, a variant's peers (anti-king, anti-knight,
//! diagonals), or a pair relation that forbids the digit twice (a white
//! kropki dot), so the wings work on every variant unchanged.

use std::borrow::Cow;

use sudokit_core::{Cand, Cell, Digit, Digits, GroupId, Reason};

use crate::board::Board;
use crate::technique::{Deduction, Technique};

/// A pivot cell with candidates `{x,y}` sees two *pincers* `{x,z}` and
/// `{y,z}`. If the pivot is `x`, the first pincer is `z`; if it is `y`, the
/// second one is. Either way a pincer holds `z`, so a cell that sees both
/// pincers loses `z`.
#[derive(Clone, Copy, Debug, Default)]
pub struct XyWing;

/// A pivot cell with candidates `{x,y,z}` sees two pincers `{x,z}` and
/// `{y,z}`: whichever digit the pivot holds, `z` is in the pivot or in a
/// pincer, so a cell that sees all three loses `z`.
#[derive(Clone, Copy, Debug, Default)]
pub struct XyzWing;

/// Two cells with the same two candidates `{x,y}` that do not see each
/// other, and a *strong link* on `x` between them: a house where `x` has
/// exactly two places, one seeing each cell. If the first cell is not `y`
/// it is `x`, so the place it sees is not `x`, so the other place is, so
/// the second cell is not `x`: it is `y`. One of the two cells is `y`, and
/// a cell that sees both loses `y`.
#[derive(Clone, Copy, Debug, Default)]
pub struct WWing;

/// True when `a` and `b` cannot both hold `digit`.
fn linked(board: &Board<'_>, a: Cell, b: Cell, digit: Digit) -> bool {
    board.weakly_linked(Cand::new(a, digit), Cand::new(b, digit))
}

/// The cells other than `wing` holding `digit` that see every cell of `wing`.
fn seen_by_all(board: &Board<'_>, wing: &[Cell], digit: Digit) -> Vec<Cand> {
    board
        .cells()
        .filter(|&c| board.has(c, digit) && !wing.contains(&c))
        .filter(|&c| wing.iter().all(|&w| linked(board, w, c, digit)))
        .map(|c| Cand::new(c, digit))
        .collect()
}

fn cells_with(board: &Board<'_>, count: usize) -> Vec<Cell> {
    board
        .cells()
        .filter(|&c| board.candidates(c).len() == count)
        .collect()
}

fn only(set: Digits<u128>) -> Digit {
    set.single_digit().expect("one digit")
}

impl XyWing {
    const DIFFICULTY: f32 = 4.2;
}

impl Technique for XyWing {
    fn name(&self) -> Cow<'static, str> {
        "XY-wing".into()
    }

    fn difficulty(&self) -> f32 {
        Self::DIFFICULTY
    }

    fn find(&self, board: &Board<'_>) -> Option<Deduction> {
        let bivalue = cells_with(board, 2);
        for &pivot in &bivalue {
            let xy = board.candidates(pivot);
            for &a in &bivalue {
                let xz = board.candidates(a);
                if (xz & xy).len() != 1 {
                    continue;
                }
                let (x, z) = (only(xz & xy), only(xz - xy));
                let y = only(xy - xz);
                if !linked(board, pivot, a, x) {
                    continue;
                }
                for &b in &bivalue {
                    if board.candidates(b) != Digits::from_digits([y, z]) || !linked(board, pivot, b, y) {
                        continue;
                    }
                    let eliminations = seen_by_all(board, &[a, b], z);
                    if eliminations.is_empty() {
                        continue;
                    }
                    let text = format!(
                        "pivot {}, pincers {} and {}, one of which is {z}",
                        board.name(pivot),
                        board.name(a),
                        board.name(b)
                    );
                    let mut digits = [x, y, z];
                    digits.sort_unstable();
                    let reason = Reason::new(self.name())
                        .cells([pivot, a, b])
                        .digits(digits)
                        .text(text);
                    return Some(Deduction::eliminate(reason, Self::DIFFICULTY, eliminations));
                }
            }
        }
        None
    }
}

impl XyzWing {
    const DIFFICULTY: f32 = 4.4;
}

impl Technique for XyzWing {
    fn name(&self) -> Cow<'static, str> {
        "XYZ-wing".into()
    }

    fn difficulty(&self) -> f32 {
        Self::DIFFICULTY
    }

    fn find(&self, board: &Board<'_>) -> Option<Deduction> {
        let bivalue = cells_with(board, 2);
        for pivot in cells_with(board, 3) {
            let xyz = board.candidates(pivot);
            let inside: Vec<Cell> = bivalue
                .iter()
                .copied()
                .filter(|&c| board.candidates(c).is_subset(xyz))
                .collect();
            for (i, &a) in inside.iter().enumerate() {
                for &b in &inside[i + 1..] {
                    let (xz, yz) = (board.candidates(a), board.candidates(b));
                    if xz == yz {
                        continue;
                    }
                    let z = only(xz & yz);
                    let (x, y) = (only(xz - yz), only(yz - xz));
                    if !linked(board, pivot, a, x) || !linked(board, pivot, b, y) {
                        continue;
                    }
                    let eliminations = seen_by_all(board, &[pivot, a, b], z);
                    if eliminations.is_empty() {
                        continue;
                    }
                    let text = format!(
                        "pivot {}, pincers {} and {}, one of the three is {z}",
                        board.name(pivot),
                        board.name(a),
                        board.name(b)
                    );
                    let reason = Reason::new(self.name())
                        .cells([pivot, a, b])
                        .digits(xyz)
                        .text(text);
                    return Some(Deduction::eliminate(reason, Self::DIFFICULTY, eliminations));
                }
            }
        }
        None
    }
}

impl WWing {
    const DIFFICULTY: f32 = 4.4;
}

/// A digit with exactly two places in a house, both unsolved.
#[derive(Clone, Copy, Debug)]
struct StrongLink {
    digit: Digit,
    house: GroupId,
    ends: [Cell; 2],
}

impl Technique for WWing {
    fn name(&self) -> Cow<'static, str> {
        "W-wing".into()
    }

    fn difficulty(&self) -> f32 {
        Self::DIFFICULTY
    }

    fn find(&self, board: &Board<'_>) -> Option<Deduction> {
        let bivalue = cells_with(board, 2);
        let mut links: Vec<StrongLink> = Vec::new();
        for house in board.houses() {
            for digit in 1..=board.size() as Digit {
                if let [p, q] = board.places(house, digit)[..] {
                    if board.value(p).is_none() && board.value(q).is_none() {
                        links.push(StrongLink {
                            digit,
                            house,
                            ends: [p, q],
                        });
                    }
                }
            }
        }
        for (i, &a) in bivalue.iter().enumerate() {
            let pair = board.candidates(a);
            for &b in &bivalue[i + 1..] {
                if board.candidates(b) != pair || pair.iter().any(|d| linked(board, a, b, d)) {
                    continue;
                }
                for (x, y) in [(pair.min()?, pair.max()?), (pair.max()?, pair.min()?)] {
                    for link in links.iter().filter(|l| l.digit == x) {
                        let [p, q] = link.ends;
                        if [a, b].contains(&p) || [a, b].contains(&q) {
                            continue;
                        }
                        let (near_a, near_b) = if linked(board, p, a, x) && linked(board, q, b, x) {
                            (p, q)
                        } else if linked(board, q, a, x) && linked(board, p, b, x) {
                            (q, p)
                        } else {
                            continue;
                        };
                        let eliminations = seen_by_all(board, &[a, b], y);
                        if eliminations.is_empty() {
                            continue;
                        }
                        let text = format!(
                            "{x} only at {} and {} in {}, so {} or {} is {y}",
                            board.name(near_a),
                            board.name(near_b),
                            board.group(link.house).name(),
                            board.name(a),
                            board.name(b)
                        );
                        let reason = Reason::new(self.name())
                            .cells([a, b, near_a, near_b])
                            .digits(pair)
                            .text(text);
                        return Some(Deduction::eliminate(reason, Self::DIFFICULTY, eliminations));
                    }
                }
            }
        }
        None
    }
}
