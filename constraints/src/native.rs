//! sudokit's native puzzle format: a TOML file a setter can write by hand.
//!
//! One file describes one puzzle: its board, its givens and its rules.
//! [`read`] turns a file into a [`PuzzleSpec`], [`PuzzleSpec::build`] turns
//! that into a puzzle, and [`write()`] turns a spec back into a file that
//! [`read`] reads back equal. A file that cannot be read gives a
//! [`NativeError`] naming the line, the column and the key at fault.
//!
//! This page is the complete reference of the format.
//!
//! # A whole puzzle
//!
//! ```toml
//! title = "Miracle sudoku"
//! author = "Mitchell Lee"
//! size = 9
//! givens = """
//! .........
//! .........
//! .........
//! .........
//! ..1......
//! ......2..
//! .........
//! .........
//! .........
//! """
//!
//! [[rules]]
//! type = "anti-knight"
//!
//! [[rules]]
//! type = "anti-king"
//!
//! [[rules]]
//! type = "nonconsecutive"
//! ```
//!
//! ```
//! use sudokit_constraints::native;
//! let text = "
//! size = 4
//! givens = '1...............'
//!
//! [[rules]]
//! type = 'thermometer'
//! cells = 'r2c1 r2c2 r2c3'
//! ";
//! let spec = native::read(text).unwrap();
//! assert_eq!(spec.givens.filled(), 1);
//! assert_eq!(spec.rules.len(), 1);
//! assert!(spec.build().is_ok());
//! assert_eq!(native::read(&native::write(&spec)).unwrap(), spec);
//! ```
//!
//! # Top-level keys
//!
//! | key | value | default |
//! |-----|-------|---------|
//! | `size` | the board side, `1` to `128` | required |
//! | `title`, `author`, `ruleset` | free text, for people | none |
//! | `boxes` | the box shape `"ROWSxCOLS"`: `"3x3"`, `"2x3"` (two rows high, three columns wide) | the squarest boxes that tile the board (6×6: `"2x3"`, 12×12: `"3x4"`); none on a prime size |
//! | `regions` | a jigsaw, instead of `boxes`: see below | |
//! | `classic` | whether every row, column and region holds every digit once | `true` |
//! | `toroidal` | whether the board wraps around its edges: the rules about neighbourhood (chess moves, taxicab distances, the negative dot rules, minimum and maximum cells, 2×2 squares) see across them | `false` |
//! | `givens` | the given digits, in any of sudokit's grid layouts: `n` lines of `n` cells, or one line of `n²`; `.` or `0` for a blank; `1-9` then `A-Z` above 9 (16×16: `1-9A-G`), or numbers separated by spaces | an empty grid |
//! | `rules` | the rules beyond the classic ones, one `[[rules]]` table each | none |
//!
//! `regions` draws a jigsaw: one symbol per cell, one row of the board per
//! line. Cells with the same symbol form one region, which must hold exactly
//! `n` cells. Any symbols will do; when every symbol is a digit `1..=n`
//! (`1-9`, `A-Z` or a number), region `k` keeps the number `k`, otherwise
//! regions are numbered in reading order. Above 9×9, separate the symbols of
//! a row by spaces.
//!
//! ```toml
//! size = 6
//! regions = """
//! 111222
//! 111222
//! 333444
//! 333444
//! 555666
//! 555666
//! """
//! ```
//!
//! # Rules
//!
//! Each `[[rules]]` table is one rule: `type` names it (the kinds of the
//! [`Registry`], which `sudokit rules` prints; [`read_with`] reads a
//! registry with rules of other crates), the other keys are its parameters. A key a rule does not take
//! is an error.
//!
//! * Cells are named `r<row>c<col>`, counting from 1: `"r1c1"` is the top
//!   left cell. A list of cells is `["r1c1", "r1c2"]` or one string
//!   `"r1c1 r1c2"` (spaces or commas between names). A line keeps its order
//!   (a thermometer starts at its bulb); no list may repeat a cell.
//! * Digits are numbers `1..=n`.
//!
//! The examples below are for a 9×9 board.
//!
//! ## Rules without parameters
//!
//! ```toml
//! [[rules]]
//! type = "diagonal+"        # the diagonal from the bottom-left corner to the top-right one
//!
//! [[rules]]
//! type = "diagonal-"        # the diagonal from the top-left corner to the bottom-right one
//!
//! [[rules]]
//! type = "anti-knight"      # cells a knight's move apart differ
//!
//! [[rules]]
//! type = "anti-king"        # cells a king's move apart differ
//!
//! [[rules]]
//! type = "disjoint-groups"  # cells at the same place in every region differ
//!
//! [[rules]]
//! type = "nonconsecutive"   # orthogonal neighbours are not consecutive, except across a dot
//!
//! [[rules]]
//! type = "negative-ratio"   # all black dots are given (no 1:2 pair without one)
//!
//! [[rules]]
//! type = "negative-xv"      # all X and V are given (no sum of 5 or 10 without one)
//!
//! [[rules]]
//! type = "diagonal-nonconsecutive"  # diagonal neighbours are not consecutive
//!
//! [[rules]]
//! type = "self-taxicab"     # a digit d does not repeat d cells apart (taxicab distance)
//!
//! [[rules]]
//! type = "global-entropy"   # every 2×2 square: a low, a middle and a high digit (1-3, 4-6, 7-9)
//!
//! [[rules]]
//! type = "global-modular"   # every 2×2 square: digits of all three residues mod 3
//! ```
//!
//! ## Cells
//!
//! ```toml
//! [[rules]]
//! type = "odd"              # odd digits (grey circles)
//! cells = ["r1c1", "r5c5"]
//!
//! [[rules]]
//! type = "even"             # even digits (grey squares)
//! cells = "r1c2 r9c9"
//!
//! [[rules]]
//! type = "minimum"          # smaller than its orthogonal neighbours
//! cells = ["r2c2"]
//!
//! [[rules]]
//! type = "maximum"          # larger than its orthogonal neighbours
//! cells = ["r8c8"]
//!
//! [[rules]]
//! type = "pencil-marks"     # the cell holds one of these digits
//! cell = "r3c3"
//! digits = [1, 2, 3]
//! ```
//!
//! ## Pairs of cells
//!
//! ```toml
//! [[rules]]
//! type = "difference"       # a white dot: the digits differ by value (default 1)
//! cells = ["r4c4", "r4c5"]
//! value = 2
//!
//! [[rules]]
//! type = "ratio"            # a black dot: one digit is value (default 2) times the other
//! cells = ["r5c4", "r5c5"]
//!
//! [[rules]]
//! type = "xv"               # X: the digits add up to 10; V: to 5
//! cells = ["r6c4", "r6c5"]
//! value = "X"
//!
//! [[rules]]
//! type = "sum"              # the digits add up to value
//! cells = ["r7c4", "r7c5"]
//! value = 7
//! ```
//!
//! ## Regions
//!
//! ```toml
//! [[rules]]
//! type = "killer-cage"      # no repeated digit; the sum is optional
//! cells = ["r1c1", "r1c2", "r2c1"]
//! sum = 10
//!
//! [[rules]]
//! type = "extra-region"     # no repeated digit (windoku windows, …)
//! cells = "r2c2 r2c3 r2c4 r3c2 r3c3 r3c4 r4c2 r4c3 r4c4"
//!
//! [[rules]]
//! type = "clone"            # cells[i] and clones[i] hold the same digit
//! cells = ["r1c1", "r1c2"]
//! clones = ["r9c8", "r9c9"]
//!
//! [[rules]]
//! type = "same-values"      # the sets hold the same digits, each as many times (ISS SameValues)
//! sets = [["r1c1", "r1c2"], ["r2c3", "r2c4"]]
//!
//! [[rules]]
//! type = "quadruple"        # every digit appears in the cells (a digit listed twice, twice)
//! cells = "r4c4 r4c5 r5c4 r5c5"
//! digits = [1, 3, 3]        # at most 4, and no more than the cells
//!
//! [[rules]]
//! type = "row-indexer"      # r<r>c<c> = v puts r in r<v>c<c>
//! cells = "r1c1 r1c2"
//!
//! [[rules]]
//! type = "column-indexer"   # r<r>c<c> = v puts c in r<r>c<v> (the "159" rule: columns 1, 5, 9)
//! cells = "r1c1 r2c1 r3c1 r4c1 r5c1 r6c1 r7c1 r8c1 r9c1"
//!
//! [[rules]]
//! type = "box-indexer"      # the i-th cell of a region holding v puts i in its v-th cell
//! cells = ["r2c2"]
//!
//! [[rules]]
//! type = "value-indexing"   # the 1st cell's digit X stands again K cells after the 2nd, K its digit
//! cells = "r1c1 r1c2 r1c3 r1c4"
//!
//! [[rules]]
//! type = "look-and-say"     # the cells hold each digit exactly its count of times (ISS clue "2305")
//! cells = "r1c1 r1c2 r2c1 r2c2"
//! digits = [3, 5]
//! counts = [2, 0]           # two 3s, no 5; digits may repeat
//!
//! [[rules]]
//! type = "contain-at-least" # each digit at least as often as listed (ISS ContainAtLeast)
//! cells = "r1c1 r1c2 r1c3 r1c4 r1c5"
//! digits = [1, 1, 2, 3, 9]  # any number of digits, no more than the cells
//! ```
//!
//! ## Lines
//!
//! ```toml
//! [[rules]]
//! type = "thermometer"      # strictly increasing from the bulb (the first cell)
//! cells = ["r1c1", "r2c2", "r3c3"]
//!
//! [[rules]]
//! type = "slow-thermometer" # never decreasing from the bulb
//! cells = ["r9c1", "r8c2", "r7c3"]
//!
//! [[rules]]
//! type = "palindrome"       # the same read from either end
//! cells = ["r5c1", "r5c2", "r5c3"]
//!
//! [[rules]]
//! type = "whispers"         # neighbours differ by at least value (default: half the size, rounded up)
//! cells = ["r1c9", "r2c9", "r3c9"]
//! value = 4
//!
//! [[rules]]
//! type = "nabner"           # no two digits equal or consecutive
//! cells = ["r9c5", "r9c6", "r9c7"]
//!
//! [[rules]]
//! type = "renban"           # distinct consecutive digits in any order (at most n cells)
//! cells = "r7c1 r7c2 r7c3"
//!
//! [[rules]]
//! type = "between"          # every inner cell strictly between the two end cells (circles)
//! cells = "r6c1 r6c2 r6c3 r6c4"
//!
//! [[rules]]
//! type = "entropic"         # any 3 cells in a row: one low, one middle, one high (side divisible by 3)
//! cells = "r8c1 r8c2 r8c3 r8c4"
//!
//! [[rules]]
//! type = "modular"          # any 3 cells in a row: three different residues mod 3
//! cells = "r4c7 r4c8 r4c9"
//!
//! [[rules]]
//! type = "modular"          # modulus = 2: a parity line, neighbours alternate odd and even
//! cells = "r9c1 r9c2 r9c3 r9c4"
//! modulus = 2
//!
//! [[rules]]
//! type = "lockout"          # the ends (diamonds) differ by at least value; the rest lies outside them
//! cells = "r1c1 r2c2 r3c3 r4c4"
//! value = 5                 # optional (default: half the size, rounded down: 4 on 9×9)
//!
//! [[rules]]
//! type = "regex"            # the digits along the line, in order, match the whole pattern
//! cells = "r5c1 r5c2 r5c3 r5c4"
//! pattern = "[1-4]+5?"      # digits, [classes], ., |, ( ), * + ? {n,m}; letters for 10 and up
//!
//! [[rules]]
//! type = "automaton"        # a state machine accepts the digits along the segments
//! segments = ["r6c1 r6c2 r6c3"]    # in order, a break between two; [] is an empty one
//! nfa = "TgZ_8SNFZ4n_EaKzxP8NFZ4n8IrPE_BWeJ8DPE8B4nARMAkAAA"  # ISS's serialized NFA (here: rising)
//! label = "rising"          # optional
//! ```
//!
//! ## Sums
//!
//! ```toml
//! [[rules]]
//! type = "arrow"            # each shaft adds up to the circle
//! circle = "r1c1"           # or a pill, read as a number: "r1c1 r1c2"
//! cells = "r2c2 r3c3"       # one shaft; or shafts = [["r2c2", "r3c3"], ["r1c2"]]
//!
//! [[rules]]
//! type = "double-arrow"     # the two ends add up to the cells between them
//! cells = "r9c1 r9c2 r9c3 r9c4"
//!
//! [[rules]]
//! type = "zipper"           # cells the same distance from the middle add up to the same total
//! cells = "r5c5 r5c6 r5c7"  # (the middle cell, on a line of odd length)
//!
//! [[rules]]
//! type = "region-sum-line"  # every stretch of the line inside one region has the same sum
//! cells = "r3c3 r3c4 r4c4"
//!
//! [[rules]]
//! type = "digital-root-cage" # distinct digits whose sum has this digital root (sum ≡ root mod 9)
//! cells = "r8c8 r8c9 r9c8"
//! root = 3
//!
//! [[rules]]
//! type = "sum-line"         # the line cuts into stretches that each add up to sum (digits may repeat)
//! cells = "r1c1 r1c2 r1c3 r1c4"
//! sum = 10
//!
//! [[rules]]
//! type = "sum-loop"         # the same around a loop (a stretch may run from the last cell into the first)
//! cells = "r5c1 r5c2 r6c2 r6c1"
//! sum = 10
//!
//! [[rules]]
//! type = "lunchbox"         # distinct digits; those between the smallest and the largest add up to sum
//! cells = "r7c1 r7c2 r7c3 r7c4"
//! sum = 7
//!
//! [[rules]]
//! type = "equal-sum"        # every segment adds up to the same total (segments may overlap)
//! segments = [["r2c6", "r2c7"], ["r3c6", "r3c7"]]
//!
//! [[rules]]
//! type = "counting-circles" # the digit in a circle says how many circles hold it
//! cells = "r4c6 r4c8 r6c7"
//!
//! [[rules]]
//! type = "negative-indexer" # a listed cell's digit v never names a cell of its row holding its column
//! along = "column"          # or "row", "box"
//! cells = "r2c1 r3c1 r4c5"
//! ```
//!
//! ## Cages and signs
//!
//! ```toml
//! [[rules]]
//! type = "greater-than"     # an inequality sign: the first cell is larger than the second
//! cells = ["r1c1", "r1c2"]
//!
//! [[rules]]
//! type = "repeating-cage"   # the digits add up to sum; they may repeat
//! cells = "r2c1 r3c2"
//! sum = 8
//!
//! [[rules]]
//! type = "connected-digits" # the cells holding these digits form one connected area
//! digits = [1, 3, 5, 7, 9]  # (optional `size`: the area's cell count)
//!
//! [[rules]]
//! type = "weighted-sum"     # the digits, each times its weight, add up to sum
//! cells = "r4c1 r4c2 r4c3"
//! weights = [10, 1, -1]
//! sum = 40
//!
//! [[rules]]
//! type = "multi-sum-cage"   # distinct digits adding up to one of the sums
//! cells = "r5c1 r5c2 r5c3"
//! sums = [7, 20]
//!
//! [[rules]]
//! type = "rellik-cage"      # distinct digits, and no digit or digits of them add up to sum
//! cells = "r7c1 r7c2 r8c1"
//! sum = 10
//!
//! [[rules]]
//! type = "equality-cage"    # distinct digits: as many even as odd, as many low as high (ISS EqualityCage)
//! cells = "r1c1 r1c2 r2c1 r2c2"
//!
//! [[rules]]
//! type = "knightmare"       # cells a knight's move apart do not add up to 5 or 15
//! sums = [5, 15]            # optional (default [5, 15])
//!
//! [[rules]]
//! type = "nonconsecutive-plus" # NC+: no orthogonal neighbours consecutive, 1 and 9 included
//! ```
//!
//! ## Outside clues
//!
//! A clue beside a row or a column names its place as people say it:
//! `"left of r3"`, `"right of r3"`, `"above c5"` or `"below c5"`; the
//! outside cell f-puzzles names (`"r3c0"`, `"r3c10"`, `"r0c5"`, `"r10c5"`
//! on 9×9) is read too. The rule reads its line from that side.
//!
//! ```toml
//! [[rules]]
//! type = "sandwich"         # the digits between the 1 and the 9 sum to sum
//! clue = "left of r3"
//! sum = 15
//!
//! [[rules]]
//! type = "x-sum"            # the first X digits from the clue, X the first one, sum to sum
//! clue = "above c5"
//! sum = 20
//!
//! [[rules]]
//! type = "skyscraper"       # seen from the clue, taller digits hide lower ones: visible are seen
//! clue = "right of r2"
//! visible = 3
//!
//! [[rules]]
//! type = "numbered-room"    # the first digit N from the clue: the N-th cell holds digit
//! clue = "left of r3"
//! digit = 7
//!
//! [[rules]]
//! type = "hidden-skyscraper" # seen from the clue, the first building hidden is digit high
//! clue = "above c2"
//! digit = 4
//!
//! [[rules]]
//! type = "full-rank"        # rows and columns read from each end as numbers: this line ranks rank of 4n
//! clue = "left of r3"
//! rank = 12
//! ties = 1                  # optional: the line may tie, rank − 1 lines read smaller (ISS FullRankTies~any)
//!
//! [[rules]]
//! type = "full-rank-no-ties" # no two of the 4n lines read the same (ISS FullRankTies~none)
//!
//! [[rules]]
//! type = "little-killer"    # the diagonal from the clue sums to sum; digits may repeat
//! clue = "r0c4"             # a cell of the ring around the grid (row or column 0 or n + 1) …
//! direction = "DL"          # … and where the diagonal goes: UL, UR, DL, DR (or down-left …)
//! sum = 17
//! ```
//!
//! A little killer's diagonal starts one step from its clue (`r1c3`,
//! `r2c2`, `r3c1` above); a clue inside the grid is the diagonal's first
//! cell. Little killers are read and written, but this version of sudokit
//! cannot solve them yet: [`PuzzleSpec::build`] says so.
//!
//! ## Beyond f-puzzles
//!
//! ```toml
//! [[rules]]
//! type = "chess"            # cells a move apart differ; each move stands for its reflections
//! name = "anti-camel"       # optional (default "chess")
//! moves = [[1, 3]]          # [rows, cols] offsets, each less than the size
//! digits = [1, 9]           # optional: only these digits may not repeat a move apart
//!
//! [[rules]]
//! type = "taxicab"          # cells value steps apart (taxicab distance) differ
//! value = 4
//!
//! [[rules]]
//! type = "custom-pairs"     # between each pair of cells, only the allowed digit pairs
//! name = "no 1 left of 2"   # optional (default "custom pairs")
//! pairs = [["r1c1", "r1c2"], ["r2c1", "r2c2"]]
//! forbidden = [[1, 2]]      # or allowed = [[a, b], …]: exactly one of the two
//!
//! [[rules]]
//! type = "any-of"           # at least one list of rules holds (inline rule tables; they nest)
//! alternatives = [
//!   [{ type = "killer-cage", cells = "r9c8 r9c9", sum = 3 }],
//!   [{ type = "lunchbox", cells = "r9c7 r9c8 r9c9", sum = 0 }, { type = "odd", cells = "r9c9" }],
//! ]
//! ```
//!
//! In `custom-pairs`, `[a, b]` means `a` in the first cell of a pair and
//! `b` in the second.
//!
//! ## Chaos construction
//!
//! The regions are unknown (a board without boxes: `regions` of rows, as
//! ISS's `NoBoxes`); the region clues read them. `sudokit solve --json`
//! prints each solution's regions.
//!
//! ```toml
//! size = 6
//! regions = """
//! 0 0 0 0 0 0
//! 1 1 1 1 1 1
//! 2 2 2 2 2 2
//! 3 3 3 3 3 3
//! 4 4 4 4 4 4
//! 5 5 5 5 5 5
//! """
//!
//! [[rules]]
//! type = "chaos-construction" # n connected regions of n cells, each with every digit once
//!
//! [[rules]]
//! type = "chaos-arrow"      # the control digit is the run of the start's region along the arms
//! cell = "r1c1"
//! arms = [["r2c2", "r2c3", "r2c4"], ["r2c2", "r3c2"]]
//! offset = 1                # optional: the start not counted
//!
//! [[rules]]
//! type = "chaos-count"      # the control digit counts the cells in the first cell's region
//! cell = "r6c6"
//! cells = "r5c5 r5c6 r6c5"
//!
//! [[rules]]
//! type = "same-region"      # the cells lie in one region
//! cells = "r1c3 r1c4"
//!
//! [[rules]]
//! type = "different-regions" # the cells lie in different regions
//! cells = "r2c3 r2c4"
//!
//! [[rules]]
//! type = "count-distinct"   # the control digit counts the different values
//! cell = "r6c1"
//! cells = "r5c1 r5c2"       # digits counted (optional)
//! regions = "r6c2 r6c3"     # regions counted (optional; with chaos-construction)
//! ```
//!
//! # Errors
//!
//! A file that cannot be read names the place and the problem:
//! `line 12, column 9: rules[3].cells: 'r10c1' is off the 9×9 board`, where
//! `rules[3]` is the third `[[rules]]` table of the file. Checked: TOML
//! syntax, unknown keys (at the top and in every rule), unknown rule types
//! (with the closest name), missing parameters, cell names and their place
//! on the board, lists that repeat a cell, clone lists of different
//! lengths, quadruples of more than 4 digits (or more than their cells),
//! outside clue places and values (a sandwich of 40 on 9×9, a little
//! killer pointing away from the grid), the shape of `regions` and
//! `boxes`, the givens and every digit. A rule of another crate's
//! registry ([`read_with`]) gets the same checks for its declared
//! parameters. Whether the rules fit together is left to
//! [`PuzzleSpec::build`].

use std::collections::{HashMap, HashSet};
use std::fmt::Write as _;
use std::ops::Range;

use sudokit_core::format::{parse_grids, symbol_char, symbol_value, to_rows, ParseOptions};
use sudokit_core::{Cell, Digit, Grid};
use toml::de::{DeString, DeTable, DeValue};
use toml::Spanned;

use crate::clues::{Clue, ClueCell, Direction, Side};
use crate::registry::Registry;
use crate::rule::{self as registry, Param, ParamType, Presence, RuleKind};
use crate::spec::{Layout, PuzzleSpec, RuleSpec};

/// Largest board side (the core's limit).
const MAX_SIZE: usize = 128;

/// The top-level keys, in the order [`write()`] puts them.
const TOP_KEYS: &[&str] = &[
    "title", "author", "ruleset", "size", "boxes", "regions", "classic", "toroidal", "givens", "rules",
];

/// Why a native file could not be read: where (1-based line and column,
/// the key path such as `rules[3].cells`) and what.
///
/// Setters fix files by hand, so every error points at a line; the column
/// and the key are there whenever one value is at fault.
///
/// ```
/// use sudokit_constraints::native::read;
/// let err = read("size = 9\n\n[[rules]]\ntype = 'thermometer'\ncells = ['r1c1', 'r10c1']\n").unwrap_err();
/// assert_eq!(err.line, 5);
/// assert_eq!(err.to_string(), "line 5, column 18: rules[1].cells: 'r10c1' is off the 9×9 board");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "line {line}{}{}: {message}",
    column.map(|c| format!(", column {c}")).unwrap_or_default(),
    key.as_ref().map(|k| format!(": {k}")).unwrap_or_default()
)]
pub struct NativeError {
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters, when one place is at fault.
    pub column: Option<usize>,
    /// The key at fault, as a path: `size`, `rules[3].cells` (rules count
    /// from 1, in file order).
    pub key: Option<String>,
    /// What is wrong, for people.
    pub message: String,
}

/// Reads a native file into a [`PuzzleSpec`].
///
/// Everything the format can check on its own is checked here, so a typo
/// is reported with its line rather than as a failed build; whether the
/// rules make a solvable puzzle is left to [`PuzzleSpec::build`].
///
/// ```
/// use sudokit_constraints::native::read;
/// use sudokit_constraints::registry::Registry;
/// use sudokit_constraints::spec::Layout;
/// use sudokit_core::Cell;
/// let spec = read(r#"
/// size = 6
/// boxes = "3x2"
///
/// [[rules]]
/// type = "difference"
/// cells = ["r1c1", "r1c2"]
/// "#).unwrap();
/// assert_eq!(spec.layout, Layout::Boxes { rows: 3, cols: 2 });
/// let dot = Registry::default().rule("difference").unwrap().with("cells", (Cell(0), Cell(1)));
/// assert_eq!(spec.rules, [dot]);
///
/// let err = read("size = 9\n[[rules]]\ntype = 'thermo'\n").unwrap_err();
/// assert_eq!(err.message, "unknown rule type 'thermo': did you mean 'thermometer'?");
/// ```
pub fn read(text: &str) -> Result<PuzzleSpec, NativeError> {
    read_with(&Registry::default(), text)
}

/// Reads a native file whose rules may be any of `registry`'s: a rule from
/// another crate is read, checked and reported on like the built-ins.
pub fn read_with(registry: &Registry, text: &str) -> Result<PuzzleSpec, NativeError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let reader = Reader { text, registry };
    let doc = DeTable::parse(text).map_err(|e| {
        let offset = e.span().map_or(0, |s| s.start);
        reader.error(offset, None, format!("invalid TOML: {}", e.message()))
    })?;
    reader.document(doc.get_ref())
}

/// Writes `spec` as a native file, which [`read`] reads back equal.
///
/// The file is meant for people too: cells are written by name (`r1c1`),
/// the givens as `n` lines, and defaults (the box layout, `classic = true`,
/// a white dot's difference of 1) are left out.
///
/// ```
/// use sudokit_constraints::native::{read, write};
/// use sudokit_constraints::registry::Registry;
/// use sudokit_constraints::spec::PuzzleSpec;
/// use sudokit_core::Cell;
/// let mut spec = PuzzleSpec::new(4);
/// spec.givens.set(Cell(0), 1);
/// let thermometer = Registry::default().rule("thermometer").unwrap();
/// spec.rules.push(thermometer.with("cells", vec![Cell(4), Cell(5)]));
/// let text = write(&spec);
/// assert_eq!(
///     text,
///     "size = 4\ngivens = \"\"\"\n1...\n....\n....\n....\n\"\"\"\n\n[[rules]]\ntype = \"thermometer\"\ncells = [\"r2c1\", \"r2c2\"]\n"
/// );
/// assert_eq!(read(&text).unwrap(), spec);
/// ```
pub fn write(spec: &PuzzleSpec) -> String {
    let n = spec.size;
    let mut out = String::new();
    for (key, value) in [
        ("title", &spec.title),
        ("author", &spec.author),
        ("ruleset", &spec.ruleset),
    ] {
        if let Some(value) = value {
            let _ = writeln!(out, "{key} = {}", quote(value));
        }
    }
    let _ = writeln!(out, "size = {n}");
    match &spec.layout {
        Layout::Default => {}
        Layout::Boxes { rows, cols } => {
            let _ = writeln!(out, "boxes = \"{rows}x{cols}\"");
        }
        Layout::Regions(regions) => {
            out.push_str("regions = \"\"\"\n");
            out.push_str(&region_rows(n, regions));
            out.push_str("\"\"\"\n");
        }
    }
    if !spec.classic {
        out.push_str("classic = false\n");
    }
    if spec.toroidal {
        out.push_str("toroidal = true\n");
    }
    if spec.givens.filled() > 0 {
        out.push_str("givens = \"\"\"\n");
        out.push_str(&to_rows(&spec.givens));
        out.push_str("\"\"\"\n");
    }
    for rule in &spec.rules {
        let _ = write!(out, "\n[[rules]]\ntype = \"{}\"\n", rule.name());
        for (name, value) in written_params(rule, n) {
            let _ = writeln!(out, "{name} = {value}");
        }
    }
    out
}

/// A rule's parameters as TOML, in order: those set, but numbers at their
/// default.
fn written_params(rule: &RuleSpec, n: usize) -> Vec<(&'static str, String)> {
    rule.values()
        .filter_map(|(param, value)| {
            let value = value?;
            if let (Presence::Number(default), registry::Value::Number(v)) = (param.presence, value) {
                if *v == default {
                    return None;
                }
            }
            Some((param.name, render(param.ty, value, n)))
        })
        .collect()
}

/// A rule as an inline table (`{ type = "odd", cells = ["r1c1"] }`), as
/// the alternatives of an `any-of` hold them.
fn inline_rule(rule: &RuleSpec, n: usize) -> String {
    let mut out = format!("{{ type = \"{}\"", rule.name());
    for (name, value) in written_params(rule, n) {
        let _ = write!(out, ", {name} = {value}");
    }
    out.push_str(" }");
    out
}

/// A parameter's value as TOML.
fn render(ty: ParamType, value: &registry::Value, n: usize) -> String {
    use registry::Value as V;
    let names = |cells: &[Cell]| {
        let names: Vec<String> = cells.iter().map(|c| format!("\"{}\"", c.name(n))).collect();
        format!("[{}]", names.join(", "))
    };
    let list = |items: Vec<String>| format!("[{}]", items.join(", "));
    match (ty, value) {
        (ParamType::SumMark, V::Number(10)) => "\"X\"".to_string(),
        (ParamType::SumMark, V::Number(5)) => "\"V\"".to_string(),
        (_, V::Number(v)) => v.to_string(),
        (_, V::Cells(cells)) => names(cells),
        (_, V::Cell(cell)) => format!("\"{}\"", cell.name(n)),
        (_, V::Digits(digits)) => list(digits.iter().map(|d| d.to_string()).collect()),
        (_, V::Numbers(numbers)) => list(numbers.iter().map(|v| v.to_string()).collect()),
        (_, V::Text(text)) => quote(text),
        (_, V::Clue(clue)) => quote(&clue.to_string()),
        (_, V::ClueCell(cell)) => quote(&cell.to_string()),
        (_, V::Direction(direction)) => quote(direction.code()),
        (_, V::Shafts(shafts)) => list(shafts.iter().map(|s| names(s)).collect()),
        (_, V::Moves(moves)) => list(moves.iter().map(|(r, c)| format!("[{r}, {c}]")).collect()),
        (_, V::CellPairs(pairs)) => list(pairs.iter().map(|&(a, b)| names(&[a, b])).collect()),
        (_, V::DigitPairs(pairs)) => list(pairs.iter().map(|(a, b)| format!("[{a}, {b}]")).collect()),
        (_, V::Alternatives(alternatives)) => list(
            alternatives
                .iter()
                .map(|rules| list(rules.iter().map(|rule| inline_rule(rule, n)).collect()))
                .collect(),
        ),
    }
}

/// The rows of a jigsaw map: one symbol per cell up to 9×9, numbers
/// separated by spaces above (or when a region number is out of range).
fn region_rows(n: usize, regions: &[u16]) -> String {
    let chars = n <= 9 && regions.iter().all(|&r| r < 9);
    let width = regions
        .iter()
        .max()
        .map_or(1, |&r| (r as usize + 1).to_string().len());
    let mut out = String::new();
    for row in regions.chunks(n.max(1)) {
        let symbols: Vec<String> = row
            .iter()
            .map(|&r| {
                let number = r as usize + 1;
                if chars {
                    number.to_string()
                } else {
                    format!("{number:>width$}")
                }
            })
            .collect();
        out.push_str(&symbols.join(if chars { "" } else { " " }));
        out.push('\n');
    }
    out
}

/// `s` as a TOML basic string: a multi-line one when it holds line breaks.
fn quote(s: &str) -> String {
    let multiline = s.contains('\n');
    let mut out = String::from(if multiline { "\"\"\"\n" } else { "\"" });
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' if multiline => out.push('\n'),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() => {
                let _ = write!(out, "\\u{:04X}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push_str(if multiline { "\"\"\"" } else { "\"" });
    out
}

/// A parsed value with its place in the file.
type Value<'i> = Spanned<DeValue<'i>>;

/// The entries of a table in file order.
fn in_file_order<'a, 'i>(table: &'a DeTable<'i>) -> Vec<(&'a Spanned<DeString<'i>>, &'a Value<'i>)> {
    let mut entries: Vec<_> = table.iter().collect();
    entries.sort_by_key(|(key, _)| key.span().start);
    entries
}

/// What a value is, for "expected …, found …" messages.
fn kind(value: &DeValue<'_>) -> &'static str {
    match value {
        DeValue::String(_) => "a string",
        DeValue::Integer(_) => "an integer",
        DeValue::Float(_) => "a decimal number",
        DeValue::Boolean(_) => "a boolean",
        DeValue::Datetime(_) => "a date",
        DeValue::Array(_) => "a list",
        DeValue::Table(_) => "a table",
    }
}

/// The closest of `candidates` to a misspelt `word`, if one is close
/// (the f-puzzles reader's unknown fields use it too).
pub(crate) fn suggest<'a>(
    word: &str,
    candidates: impl IntoIterator<Item = &'a str> + Clone,
) -> Option<&'a str> {
    let norm = |s: &str| -> String {
        s.chars()
            .filter(|c| !matches!(c, '-' | '_' | ' ' | ':'))
            .flat_map(char::to_lowercase)
            .collect()
    };
    let word = norm(word);
    if word.is_empty() {
        return None;
    }
    if let Some(c) = candidates.clone().into_iter().find(|&c| norm(c) == word) {
        return Some(c);
    }
    let limit = if word.chars().count() >= 5 { 2 } else { 1 };
    let closest = candidates
        .clone()
        .into_iter()
        .map(|c| (distance(&word, &norm(c)), c))
        .min_by_key(|&(d, _)| d)
        .filter(|&(d, _)| d <= limit);
    if let Some((_, c)) = closest {
        return Some(c);
    }
    if word.chars().count() < 4 {
        return None;
    }
    candidates
        .into_iter()
        .filter(|&c| {
            let c = norm(c);
            c.starts_with(&word) || (c.chars().count() >= 4 && word.contains(&c))
        })
        .min_by_key(|c| c.len())
}

/// Levenshtein distance.
fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let next = (diagonal + usize::from(ca != cb))
                .min(row[j] + 1)
                .min(row[j + 1] + 1);
            diagonal = row[j + 1];
            row[j + 1] = next;
        }
    }
    row[b.len()]
}

/// `r<row>c<col>` on an `n`×`n` board.
fn cell_name(name: &str, n: usize) -> Result<Cell, String> {
    let malformed = || format!("'{name}' is not a cell name (write r<row>c<col>, such as r1c1)");
    let lower = name.trim().to_ascii_lowercase();
    let rest = lower.strip_prefix('r').ok_or_else(malformed)?;
    let (row, col) = rest.split_once('c').ok_or_else(malformed)?;
    let number = |s: &str| {
        if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
            return Err(malformed());
        }
        Ok(s.parse::<usize>().unwrap_or(usize::MAX))
    };
    let (row, col) = (number(row)?, number(col)?);
    if !(1..=n).contains(&row) || !(1..=n).contains(&col) {
        return Err(format!("'{}' is off the {n}×{n} board", name.trim()));
    }
    Ok(Cell::at(row - 1, col - 1, n))
}

/// Where an outside clue sits: `left of r3`, `right of r3`, `above c5`,
/// `below c5`, or the outside cell f-puzzles names (`r3c0`, `r0c5`, `r10c5`
/// on 9×9).
fn outside_clue(text: &str, n: usize) -> Result<Clue, String> {
    let malformed = || {
        format!(
            "'{}' is not a clue position (write \"left of r3\", \"right of r3\", \"above c5\" or \"below c5\")",
            text.trim()
        )
    };
    let lower = text.trim().to_ascii_lowercase();
    let words: Vec<&str> = lower.split_whitespace().collect();
    let number = |s: &str, prefix: char| -> Result<usize, String> {
        let digits = s.strip_prefix(prefix).ok_or_else(malformed)?;
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(malformed());
        }
        let k = digits.parse::<usize>().unwrap_or(usize::MAX);
        if !(1..=n).contains(&k) {
            let what = if prefix == 'r' { "row" } else { "column" };
            return Err(format!("the {n}×{n} board has no {what} {k}"));
        }
        Ok(k - 1)
    };
    match words[..] {
        ["left", "of", row] => Ok(Clue::new(Side::Left, number(row, 'r')?)),
        ["right", "of", row] => Ok(Clue::new(Side::Right, number(row, 'r')?)),
        ["above", col] => Ok(Clue::new(Side::Top, number(col, 'c')?)),
        ["below", col] => Ok(Clue::new(Side::Bottom, number(col, 'c')?)),
        [cell] => {
            let place = clue_cell(cell, n).map_err(|_| malformed())?;
            Clue::at_position(place.row, place.col, n).map_err(|m| m.replace('R', "r").replace('C', "c"))
        }
        _ => Err(malformed()),
    }
}

/// `r<row>c<col>` where rows and columns 0 and `n + 1` are outside the grid
/// (`r0c4` is above `r1c4`).
fn clue_cell(text: &str, n: usize) -> Result<ClueCell, String> {
    let malformed = || {
        format!(
            "'{}' is not a clue cell (write r<row>c<col>, with row or column 0 or {} outside the grid, such as r0c4)",
            text.trim(),
            n + 1
        )
    };
    let lower = text.trim().to_ascii_lowercase();
    let rest = lower.strip_prefix('r').ok_or_else(malformed)?;
    let (row, col) = rest.split_once('c').ok_or_else(malformed)?;
    let number = |s: &str| {
        if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
            return Err(malformed());
        }
        Ok(s.parse::<usize>().unwrap_or(usize::MAX))
    };
    let place = ClueCell {
        row: number(row)?,
        col: number(col)?,
    };
    if place.row > n + 1 || place.col > n + 1 {
        return Err(format!(
            "'{}' is not on or next to the {n}×{n} board",
            text.trim()
        ));
    }
    Ok(place)
}

/// A cell with the file offset it was read at.
type Placed = (Cell, Spot);

/// Where a cell name was read: a file offset, or a byte of a decoded string
/// value, turned into a file offset only for a message (finding it scans
/// the string, which for every cell of a long list took quadratic time).
#[derive(Clone, Copy, Debug)]
enum Spot {
    File(usize),
    InString(usize),
}

/// Reads one file; holds the text to turn offsets into lines and columns.
struct Reader<'t> {
    text: &'t str,
    registry: &'t Registry,
}

impl Reader<'_> {
    /// An error at byte `offset` of the file.
    fn error(&self, offset: usize, key: Option<&str>, message: impl Into<String>) -> NativeError {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        let before = &self.text[..offset];
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        NativeError {
            line: before.matches('\n').count() + 1,
            column: Some(before[line_start..].chars().count() + 1),
            key: key.map(str::to_string),
            message: message.into(),
        }
    }

    /// An error about a whole value.
    fn at(&self, value: &Value<'_>, key: &str, message: impl Into<String>) -> NativeError {
        self.error(value.span().start, Some(key), message)
    }

    /// The file offset of byte `at` of the string `decoded`, read from the
    /// string value at `span`. Exact unless escapes precede it on its line.
    fn in_string(&self, span: &Range<usize>, decoded: &str, at: usize) -> usize {
        let raw = self.text.get(span.clone()).unwrap_or("");
        let (open, multiline) = if raw.starts_with("\"\"\"") || raw.starts_with("'''") {
            (3, true)
        } else if raw.starts_with('"') || raw.starts_with('\'') {
            (1, false)
        } else {
            return span.start;
        };
        let mut body = &raw[open..];
        let mut start = span.start + open;
        if multiline {
            for newline in ["\r\n", "\n"] {
                if let Some(rest) = body.strip_prefix(newline) {
                    body = rest;
                    start += newline.len();
                    break;
                }
            }
        }
        let before = decoded.get(..at).unwrap_or(decoded);
        let line = before.matches('\n').count();
        let column = before.rsplit('\n').next().unwrap_or("").chars().count();
        let mut offset = 0;
        for _ in 0..line {
            match body[offset..].find('\n') {
                Some(i) => offset += i + 1,
                None => return start + offset,
            }
        }
        let line_text = body[offset..].split('\n').next().unwrap_or("");
        let within = line_text
            .char_indices()
            .nth(column)
            .map_or(line_text.len(), |(i, _)| i);
        start + offset + within
    }

    fn string<'v>(&self, value: &'v Value<'_>, key: &str) -> Result<&'v str, NativeError> {
        value.get_ref().as_str().ok_or_else(|| {
            self.at(
                value,
                key,
                format!("expected a string, found {}", kind(value.get_ref())),
            )
        })
    }

    fn integer(&self, value: &Value<'_>, key: &str) -> Result<i64, NativeError> {
        match value.get_ref() {
            DeValue::Integer(i) => i64::from_str_radix(i.as_str(), i.radix())
                .map_err(|_| self.at(value, key, format!("{i} is too large"))),
            other => Err(self.at(value, key, format!("expected an integer, found {}", kind(other)))),
        }
    }

    /// An integer in `range`, with `what` naming it in the message.
    fn bounded(
        &self,
        value: &Value<'_>,
        key: &str,
        what: &str,
        range: Range<i64>,
    ) -> Result<i64, NativeError> {
        let v = self.integer(value, key)?;
        if range.contains(&v) {
            Ok(v)
        } else if range.is_empty() {
            Err(self.at(value, key, format!("{what} {v} is impossible on this board")))
        } else {
            Err(self.at(
                value,
                key,
                format!("{what} {v} is outside {}..={}", range.start, range.end - 1),
            ))
        }
    }

    fn digit(&self, value: &Value<'_>, key: &str, n: usize) -> Result<Digit, NativeError> {
        Ok(self.bounded(value, key, "digit", 1..n as i64 + 1)? as Digit)
    }

    fn array<'v, 'i>(
        &self,
        value: &'v Value<'i>,
        key: &str,
        like: &str,
    ) -> Result<&'v [Value<'i>], NativeError> {
        match value.get_ref() {
            DeValue::Array(items) => Ok(items),
            other => Err(self.at(
                value,
                key,
                format!("expected a list such as {like}, found {}", kind(other)),
            )),
        }
    }

    fn digits(&self, value: &Value<'_>, key: &str, n: usize) -> Result<Vec<Digit>, NativeError> {
        let items = self.array(value, key, "[1, 2]")?;
        if items.is_empty() {
            return Err(self.at(value, key, "no digits listed"));
        }
        items.iter().map(|d| self.digit(d, key, n)).collect()
    }

    /// A pair `[a, b]` of integers.
    fn integer_pair(&self, value: &Value<'_>, key: &str, like: &str) -> Result<[i64; 2], NativeError> {
        let items = self.array(value, key, like)?;
        match items {
            [a, b] => Ok([self.integer(a, key)?, self.integer(b, key)?]),
            _ => Err(self.at(
                value,
                key,
                format!("expected two numbers such as {like}, found {}", items.len()),
            )),
        }
    }

    /// A list of cells: `["r1c1", "r1c2"]` or `"r1c1 r1c2"`.
    fn cells(&self, value: &Value<'_>, key: &str, n: usize) -> Result<Vec<Placed>, NativeError> {
        match value.get_ref() {
            DeValue::String(s) => {
                let mut cells = Vec::new();
                let mut start = None;
                for (i, c) in s.char_indices().chain([(s.len(), ' ')]) {
                    let separator = c.is_whitespace() || c == ',';
                    match (separator, start) {
                        (false, None) => start = Some(i),
                        (true, Some(from)) => {
                            let cell = cell_name(&s[from..i], n).map_err(|m| {
                                self.error(self.in_string(&value.span(), s, from), Some(key), m)
                            })?;
                            cells.push((cell, Spot::InString(from)));
                            start = None;
                        }
                        _ => {}
                    }
                }
                Ok(cells)
            }
            DeValue::Array(items) => items
                .iter()
                .map(|item| {
                    let name = item.get_ref().as_str().ok_or_else(|| {
                        self.at(
                            item,
                            key,
                            format!(
                                "expected a cell name such as \"r1c1\", found {}",
                                kind(item.get_ref())
                            ),
                        )
                    })?;
                    let cell = cell_name(name, n).map_err(|m| self.at(item, key, m))?;
                    Ok((cell, Spot::File(item.span().start)))
                })
                .collect(),
            other => Err(self.at(
                value,
                key,
                format!(
                    "expected a list of cells such as [\"r1c1\", \"r1c2\"], found {}",
                    kind(other)
                ),
            )),
        }
    }

    /// A non-empty list of cells without repeats, for the rule `rule`.
    fn distinct_cells(
        &self,
        value: &Value<'_>,
        key: &str,
        n: usize,
        rule: &str,
    ) -> Result<Vec<Cell>, NativeError> {
        let cells = self.cells(value, key, n)?;
        if cells.is_empty() {
            return Err(self.at(value, key, format!("the {rule} has no cells")));
        }
        let mut seen = HashSet::new();
        for &(cell, spot) in &cells {
            if !seen.insert(cell) {
                let offset = match (spot, value.get_ref()) {
                    (Spot::InString(at), DeValue::String(s)) => self.in_string(&value.span(), s, at),
                    (Spot::InString(_), _) => value.span().start,
                    (Spot::File(offset), _) => offset,
                };
                return Err(self.error(
                    offset,
                    Some(key),
                    format!("the {rule} lists {} twice", cell.name(n)),
                ));
            }
        }
        Ok(cells.into_iter().map(|(cell, _)| cell).collect())
    }

    /// Exactly two different cells.
    fn two_cells(
        &self,
        value: &Value<'_>,
        key: &str,
        n: usize,
        rule: &str,
    ) -> Result<(Cell, Cell), NativeError> {
        let cells = self.distinct_cells(value, key, n, rule)?;
        match cells[..] {
            [a, b] => Ok((a, b)),
            _ => Err(self.at(
                value,
                key,
                format!("a {rule} joins two cells, found {}", cells.len()),
            )),
        }
    }

    fn document(&self, table: &DeTable<'_>) -> Result<PuzzleSpec, NativeError> {
        let entries = in_file_order(table);
        for (key, _) in &entries {
            let name = key.get_ref().as_ref();
            if !TOP_KEYS.contains(&name) {
                let mut message = format!("unknown key '{name}'");
                if self.registry.get(name).is_some() {
                    let _ = write!(
                        message,
                        ": rules go in their own tables, [[rules]] then type = \"{name}\""
                    );
                } else if name == "jigsaw" {
                    message.push_str(": draw a jigsaw with regions = \"\"\"…\"\"\"");
                } else if let Some(close) = suggest(name, TOP_KEYS.iter().copied()) {
                    let _ = write!(message, ": did you mean '{close}'?");
                } else {
                    let _ = write!(message, " (the top-level keys are {})", TOP_KEYS.join(", "));
                }
                return Err(self.error(key.span().start, Some(name), message));
            }
        }
        let get = |name: &str| entries.iter().find(|(k, _)| k.get_ref() == name).map(|(_, v)| *v);
        let n = match get("size") {
            None => {
                return Err(self.error(
                    0,
                    Some("size"),
                    "missing 'size': the board side, such as size = 9",
                ))
            }
            Some(value) => self.bounded(value, "size", "size", 1..MAX_SIZE as i64 + 1)? as usize,
        };
        let mut spec = PuzzleSpec::new(n);
        let mut layout_key: Option<&str> = None;
        for (key, value) in entries {
            let name = key.get_ref().as_ref();
            match name {
                "title" => spec.title = Some(self.string(value, name)?.to_string()),
                "author" => spec.author = Some(self.string(value, name)?.to_string()),
                "ruleset" => spec.ruleset = Some(self.string(value, name)?.to_string()),
                "size" => {}
                "boxes" | "regions" => {
                    if let Some(other) = layout_key {
                        return Err(self.error(
                            key.span().start,
                            Some(name),
                            format!("give either boxes or regions, not both ({other} is given above)"),
                        ));
                    }
                    layout_key = Some(name);
                    spec.layout = if name == "boxes" {
                        self.boxes(value, n)?
                    } else {
                        Layout::Regions(self.regions(value, n)?)
                    };
                }
                "classic" | "toroidal" => {
                    let flag = value.get_ref().as_bool().ok_or_else(|| {
                        self.at(
                            value,
                            name,
                            format!("expected true or false, found {}", kind(value.get_ref())),
                        )
                    })?;
                    if name == "classic" {
                        spec.classic = flag;
                    } else {
                        spec.toroidal = flag;
                    }
                }
                "givens" => spec.givens = self.givens(value, n)?,
                _ => spec.rules = self.rules(value, n)?,
            }
        }
        Ok(spec)
    }

    /// `boxes = "3x3"`.
    fn boxes(&self, value: &Value<'_>, n: usize) -> Result<Layout, NativeError> {
        let text = self.string(value, "boxes")?;
        let malformed = || {
            self.at(
                value,
                "boxes",
                format!("'{text}' is not a box shape: write ROWSxCOLS, such as \"3x3\" or \"2x3\""),
            )
        };
        let (rows, cols) = text.split_once(['x', 'X', '×', '*']).ok_or_else(malformed)?;
        let parse = |s: &str| s.trim().parse::<usize>().map_err(|_| malformed());
        let (rows, cols) = (parse(rows)?, parse(cols)?);
        if rows.checked_mul(cols) != Some(n) {
            return Err(self.at(
                value,
                "boxes",
                format!("boxes of {rows}×{cols} do not tile a {n}×{n} board (rows × cols must be {n})"),
            ));
        }
        Ok(Layout::Boxes { rows, cols })
    }

    /// `regions = """…"""`: the region of every cell, 0-based.
    fn regions(&self, value: &Value<'_>, n: usize) -> Result<Vec<u16>, NativeError> {
        const KEY: &str = "regions";
        let text = self.string(value, KEY)?;
        let span = value.span();
        // Each row: its symbols with their byte offsets in `text`.
        let mut rows: Vec<(usize, Vec<(&str, usize)>)> = Vec::new();
        let mut line_start = 0;
        for line in text.split('\n') {
            let start = line_start;
            line_start += line.len() + 1;
            if line.trim().is_empty() {
                continue;
            }
            let tokens: Vec<(&str, usize)> = line
                .split_whitespace()
                .map(|t| (t, start + (t.as_ptr() as usize - line.as_ptr() as usize)))
                .collect();
            let symbols = if tokens.len() == n {
                tokens
            } else {
                let chars: Vec<(&str, usize)> = line
                    .char_indices()
                    .filter(|(_, c)| !c.is_whitespace())
                    .map(|(i, c)| (&line[i..i + c.len_utf8()], start + i))
                    .collect();
                if chars.len() != n {
                    return Err(self.error(
                        self.in_string(&span, text, start),
                        Some(KEY),
                        format!(
                            "row {} of the regions has {} symbols, expected {n} (one per cell)",
                            rows.len() + 1,
                            if n > 9 { tokens.len() } else { chars.len() }
                        ),
                    ));
                }
                chars
            };
            rows.push((start, symbols));
        }
        if rows.len() != n {
            let offset = rows
                .get(n)
                .map_or(span.start, |(start, _)| self.in_string(&span, text, *start));
            return Err(self.error(
                offset,
                Some(KEY),
                format!("the regions have {} rows, expected {n}", rows.len()),
            ));
        }
        let symbols: Vec<(&str, usize)> = rows.into_iter().flat_map(|(_, s)| s).collect();
        let number = |s: &str| -> Option<usize> {
            if s.bytes().all(|b| b.is_ascii_digit()) {
                s.parse().ok()
            } else {
                let mut chars = s.chars();
                match (chars.next(), chars.next()) {
                    (Some(c), None) => symbol_value(c).map(usize::from),
                    _ => None,
                }
            }
        };
        let numbered = symbols
            .iter()
            .all(|(s, _)| number(s).is_some_and(|v| (1..=n).contains(&v)));
        let mut names: Vec<&str> = Vec::new();
        let mut index: HashMap<&str, usize> = HashMap::new();
        let mut region_of = Vec::with_capacity(n * n);
        for &(symbol, at) in &symbols {
            let region = if numbered {
                number(symbol).unwrap_or(1) - 1
            } else {
                *index.entry(symbol).or_insert_with(|| {
                    names.push(symbol);
                    names.len() - 1
                })
            };
            if region >= n {
                return Err(self.error(
                    self.in_string(&span, text, at),
                    Some(KEY),
                    format!("'{symbol}' makes a region too many: a {n}×{n} board has {n} regions"),
                ));
            }
            region_of.push(region as u16);
        }
        let mut sizes = vec![0usize; n];
        for &r in &region_of {
            sizes[r as usize] += 1;
        }
        if let Some((region, &size)) = sizes.iter().enumerate().find(|&(_, &s)| s != n) {
            let first = region_of.iter().position(|&r| r as usize == region);
            let (symbol, offset) = match first {
                Some(i) => (
                    symbols[i].0.to_string(),
                    self.in_string(&span, text, symbols[i].1),
                ),
                None => (
                    symbol_char(region as Digit + 1).map_or((region + 1).to_string(), String::from),
                    span.start,
                ),
            };
            return Err(self.error(
                offset,
                Some(KEY),
                format!("region '{symbol}' has {size} cells, expected {n}"),
            ));
        }
        Ok(region_of)
    }

    /// `givens = """…"""`, in any of sudokit's grid layouts.
    fn givens(&self, value: &Value<'_>, n: usize) -> Result<Grid, NativeError> {
        const KEY: &str = "givens";
        let text = self.string(value, KEY)?;
        let span = value.span();
        // The file offset of a (line, column) of the givens text, both 1-based.
        let place = |line: usize, column: Option<usize>| {
            let start: usize = text
                .split('\n')
                .take(line.saturating_sub(1))
                .map(|l| l.len() + 1)
                .sum();
            let start = start.min(text.len());
            let within = text[start..]
                .char_indices()
                .nth(column.unwrap_or(1).saturating_sub(1))
                .map_or(0, |(i, _)| i);
            self.in_string(&span, text, start + within)
        };
        let mut grids = Vec::new();
        for parsed in parse_grids(text, &ParseOptions { size: Some(n) }) {
            match parsed {
                Ok(grid) => grids.push(grid),
                Err(e) => {
                    let message = if e.message.contains("out of range") || e.message.contains("unknown token")
                    {
                        e.message
                    } else {
                        format!(
                            "the givens do not fit a {n}×{n} board: {} (write {n} rows of {n} cells, or one line of {})",
                            e.message,
                            n * n
                        )
                    };
                    let mut error = self.error(place(e.line, e.column), Some(KEY), message);
                    if e.column.is_none() {
                        error.column = None;
                    }
                    return Err(error);
                }
            }
        }
        match grids.len() {
            0 if text.trim().is_empty() => Ok(Grid::empty(n)),
            0 => Err(self.at(value, KEY, "no grid found in the givens")),
            1 if grids[0].grid.size() == n => Ok(grids.remove(0).grid),
            1 => Err(self.at(value, KEY, format!("the givens do not fit a {n}×{n} board"))),
            count => Err(self.error(
                place(grids[1].line, None),
                Some(KEY),
                format!("the givens hold {count} grids, a puzzle has one"),
            )),
        }
    }

    /// The `[[rules]]` tables.
    fn rules(&self, value: &Value<'_>, n: usize) -> Result<Vec<RuleSpec>, NativeError> {
        let DeValue::Array(items) = value.get_ref() else {
            return Err(self.at(
                value,
                "rules",
                format!(
                    "expected a list of rule tables, found {}: give each rule its own [[rules]] header (two brackets)",
                    kind(value.get_ref())
                ),
            ));
        };
        items
            .iter()
            .enumerate()
            .map(|(i, item)| self.rule(format!("rules[{}]", i + 1), item, n))
            .collect()
    }

    /// One rule table, at `path` in messages (`rules[2]`, counting from 1;
    /// `rules[2].alternatives[1][3]` inside an `any-of`).
    fn rule(&self, path: String, value: &Value<'_>, n: usize) -> Result<RuleSpec, NativeError> {
        let DeValue::Table(table) = value.get_ref() else {
            return Err(self.at(
                value,
                &path,
                format!("expected a rule table, found {}", kind(value.get_ref())),
            ));
        };
        let entries: Vec<(&str, usize, &Value<'_>)> = in_file_order(table)
            .into_iter()
            .map(|(key, value)| (key.get_ref().as_ref(), key.span().start, value))
            .collect();
        let get = |name: &str| entries.iter().find(|(k, _, _)| *k == name).map(|(_, _, v)| *v);
        let key_of = |name: &str| format!("{path}.{name}");
        let Some(type_value) = get("type") else {
            return Err(self.at(
                value,
                &path,
                "this rule has no type: add type = \"…\" with a rule name (sudokit rules lists them)",
            ));
        };
        let ty = self.string(type_value, &key_of("type"))?;
        let Some(rule_kind) = self.registry.get(ty) else {
            let message = match ty {
                "classic" => {
                    "'classic' is not a rule type: it is the top-level key classic = true (the default)"
                        .to_string()
                }
                "jigsaw" => {
                    "'jigsaw' is not a rule type: draw the regions with the top-level key regions".to_string()
                }
                "toroidal" => {
                    "'toroidal' is not a rule type: it is the top-level key toroidal = true".to_string()
                }
                _ => match suggest(ty, self.registry.kinds().map(|k| k.name)) {
                    Some(close) => format!("unknown rule type '{ty}': did you mean '{close}'?"),
                    None => format!("unknown rule type '{ty}' (sudokit rules lists the types)"),
                },
            };
            return Err(self.at(type_value, &key_of("type"), message));
        };
        // Required parameters first, as messages list them.
        let required = |p: &&Param| p.presence == Presence::Required;
        let names = || {
            let params = rule_kind.params.iter();
            params
                .clone()
                .filter(required)
                .chain(params.filter(|p| !required(p)))
                .map(|p| p.name)
        };
        for &(name, start, _) in &entries {
            if name == "type" || rule_kind.param(name).is_some() {
                continue;
            }
            let mut message = format!("the {ty} rule has no key '{name}'");
            if let Some(close) = suggest(name, names()) {
                let _ = write!(message, ": did you mean '{close}'?");
            } else if TOP_KEYS.contains(&name) {
                let _ = write!(
                    message,
                    " ({name} is a top-level key: put it before the first [[rules]])"
                );
            } else if rule_kind.params.is_empty() {
                message.push_str(" (it takes no parameters)");
            } else {
                let _ = write!(message, " (it takes {})", names().collect::<Vec<_>>().join(", "));
            }
            return Err(self.error(start, Some(&key_of(name)), message));
        }
        let missing = rule_kind
            .params
            .iter()
            .find(|p| p.presence == Presence::Required && get(p.name).is_none());
        if let Some(missing) = missing {
            return Err(self.at(
                value,
                &path,
                format!("the {ty} needs '{}', such as {}", missing.name, missing.example),
            ));
        }
        let fields = RuleFields {
            reader: self,
            kind: rule_kind,
            table: value,
            entries: entries.iter().map(|&(name, _, value)| (name, value)).collect(),
            path,
            n,
        };
        let rule = fields.read_all()?;
        match rule_kind.check {
            Some(check) => check(rule, n).map_err(|refusal| match refusal.param {
                Some(param) => fields.error_at(param, refusal.message),
                None => fields.error(refusal.message),
            }),
            None => Ok(rule),
        }
    }

    /// A value of type `ty` at `key`, for the rule `rule`.
    fn typed(
        &self,
        ty: ParamType,
        value: &Value<'_>,
        key: &str,
        n: usize,
        rule: &str,
    ) -> Result<registry::Value, NativeError> {
        use registry::Value as V;
        Ok(match ty {
            ParamType::Cells => V::Cells(self.distinct_cells(value, key, n, rule)?),
            ParamType::TwoCells => {
                let (a, b) = self.two_cells(value, key, n, rule)?;
                V::Cells(vec![a, b])
            }
            ParamType::Cell => {
                V::Cell(cell_name(self.string(value, key)?, n).map_err(|m| self.at(value, key, m))?)
            }
            ParamType::Digit => V::Number(self.digit(value, key, n)?.into()),
            ParamType::Digits => V::Digits(self.digits(value, key, n)?),
            ParamType::Integer { what, range } => V::Number(self.bounded(value, key, what, range(n))?),
            ParamType::Integers { what, range } => {
                let items = self.array(value, key, "[5, 15]")?;
                if items.is_empty() {
                    return Err(self.at(value, key, format!("no {what} listed")));
                }
                let range = range(n);
                V::Numbers(
                    items
                        .iter()
                        .map(|item| self.bounded(item, key, what, range.clone()))
                        .collect::<Result<_, _>>()?,
                )
            }
            ParamType::Text => V::Text(self.string(value, key)?.to_string()),
            ParamType::SumMark => {
                V::Number(match value.get_ref() {
                    DeValue::String(s) if s.eq_ignore_ascii_case("x") => 10,
                    DeValue::String(s) if s.eq_ignore_ascii_case("v") => 5,
                    DeValue::Integer(_) if matches!(self.integer(value, key), Ok(5 | 10)) => {
                        self.integer(value, key)?
                    }
                    _ => return Err(self.at(
                        value,
                        key,
                        "an xv value is \"X\" (a sum of 10) or \"V\" (5); for other sums use type = \"sum\"",
                    )),
                })
            }
            ParamType::OutsideClue => {
                let text = self.string(value, key)?;
                V::Clue(outside_clue(text, n).map_err(|m| self.at(value, key, m))?)
            }
            ParamType::ClueCell => {
                let text = self.string(value, key)?;
                V::ClueCell(clue_cell(text, n).map_err(|m| self.at(value, key, m))?)
            }
            ParamType::Direction => {
                let text = self.string(value, key)?;
                V::Direction(Direction::parse(text).ok_or_else(|| {
                    self.at(
                        value,
                        key,
                        format!("'{text}' is not a direction (UL, UR, DL or DR: up-left, up-right, down-left, down-right)"),
                    )
                })?)
            }
            ParamType::Shafts => {
                let items = self.array(value, key, "[[\"r2c2\", \"r3c3\"], [\"r1c2\"]]")?;
                if items.is_empty() {
                    return Err(self.at(value, key, format!("the {rule} has no shaft")));
                }
                V::Shafts(
                    items
                        .iter()
                        .enumerate()
                        .map(|(i, shaft)| self.distinct_cells(shaft, &format!("{key}[{i}]"), n, rule))
                        .collect::<Result<_, _>>()?,
                )
            }
            ParamType::Segments => {
                let items = self.array(value, key, "[[\"r1c1\", \"r1c2\"], [], [\"r2c1\"]]")?;
                let mut segments = Vec::with_capacity(items.len());
                for (i, segment) in items.iter().enumerate() {
                    segments.push(match self.cells(segment, key, n)?.is_empty() {
                        true => Vec::new(),
                        false => self.distinct_cells(segment, &format!("{key}[{i}]"), n, rule)?,
                    });
                }
                if segments.iter().all(Vec::is_empty) {
                    return Err(self.at(value, key, format!("the {rule} has no cells")));
                }
                V::Shafts(segments)
            }
            ParamType::Moves => V::Moves(self.moves(value, key, n)?),
            ParamType::Alternatives => V::Alternatives(self.alternatives(value, key, n)?),
            ParamType::CellPairs => {
                let mut cells = Vec::new();
                for item in self.array(value, key, "[[\"r1c1\", \"r1c2\"]]")? {
                    cells.push(self.two_cells(item, key, n, "pair")?);
                }
                V::CellPairs(cells)
            }
            ParamType::DigitPairs => {
                let mut pairs = Vec::new();
                for item in self.array(value, key, "[[1, 2]]")? {
                    let [a, b] = self.integer_pair(item, key, "[1, 2]")?;
                    for d in [a, b] {
                        if !(1..=n as i64).contains(&d) {
                            return Err(self.at(item, key, format!("digit {d} is outside 1..={n}")));
                        }
                    }
                    pairs.push((a as Digit, b as Digit));
                }
                V::DigitPairs(pairs)
            }
        })
    }

    /// `[[1, 2], …]`: chess moves, each within the board.
    /// The alternatives of an `any-of`: a non-empty list of non-empty lists
    /// of rule tables, each read as a rule of its own.
    fn alternatives(
        &self,
        value: &Value<'_>,
        key: &str,
        n: usize,
    ) -> Result<Vec<Vec<RuleSpec>>, NativeError> {
        const LIKE: &str =
            r#"[[{ type = "thermometer", cells = "r1c1 r1c2" }], [{ type = "odd", cells = "r1c1" }]]"#;
        let alternatives = self.array(value, key, LIKE)?;
        if alternatives.is_empty() {
            return Err(self.at(
                value,
                key,
                format!("expected at least one alternative, such as {LIKE}"),
            ));
        }
        alternatives
            .iter()
            .enumerate()
            .map(|(i, alternative)| {
                let path = format!("{key}[{}]", i + 1);
                let rules = self.array(alternative, &path, "[{ type = \"odd\", cells = \"r1c1\" }]")?;
                if rules.is_empty() {
                    return Err(self.at(alternative, &path, "an alternative needs at least one rule table"));
                }
                rules
                    .iter()
                    .enumerate()
                    .map(|(j, rule)| self.rule(format!("{path}[{}]", j + 1), rule, n))
                    .collect()
            })
            .collect()
    }

    fn moves(&self, value: &Value<'_>, key: &str, n: usize) -> Result<Vec<(isize, isize)>, NativeError> {
        let items = self.array(value, key, "[[1, 2]]")?;
        if items.is_empty() {
            return Err(self.at(value, key, "no moves listed"));
        }
        let reach = n as i64 - 1;
        let mut moves = Vec::with_capacity(items.len());
        for item in items {
            let [rows, cols] = self.integer_pair(item, key, "[1, 2]")?;
            if rows == 0 && cols == 0 {
                return Err(self.at(item, key, "the move [0, 0] goes nowhere"));
            }
            if rows.abs() > reach || cols.abs() > reach {
                return Err(self.at(
                    item,
                    key,
                    format!("the move [{rows}, {cols}] leaves the {n}×{n} board"),
                ));
            }
            moves.push((rows as isize, cols as isize));
        }
        Ok(moves)
    }
}

/// One `[[rules]]` table of a known kind, being read: its parameters are
/// read by their declared types, with the format's messages, and its errors
/// point at the table or at one parameter.
struct RuleFields<'a> {
    reader: &'a Reader<'a>,
    kind: &'static RuleKind,
    table: &'a Value<'a>,
    entries: Vec<(&'a str, &'a Value<'a>)>,
    path: String,
    n: usize,
}

impl std::fmt::Debug for RuleFields<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RuleFields")
            .field("kind", &self.kind.name)
            .field("path", &self.path)
            .finish()
    }
}

impl RuleFields<'_> {
    /// The value the table gives for `name`.
    fn raw(&self, name: &str) -> Option<&Value<'_>> {
        self.entries.iter().find(|(k, _)| *k == name).map(|(_, v)| *v)
    }

    /// Parameter `name` read by its declared type; `None` when the table
    /// does not give it.
    fn read(&self, name: &str) -> Result<Option<registry::Value>, NativeError> {
        let (Some((_, param)), Some(value)) = (self.kind.param(name), self.raw(name)) else {
            return Ok(None);
        };
        let key = format!("{}.{name}", self.path);
        self.reader
            .typed(param.ty, value, &key, self.n, self.kind.name)
            .map(Some)
    }

    /// The rule with every declared parameter read in order, defaults for
    /// those not given.
    fn read_all(&self) -> Result<RuleSpec, NativeError> {
        let mut rule = RuleSpec::new(self.kind);
        for param in self.kind.params {
            if let Some(value) = self.read(param.name)? {
                rule.set(param.name, Some(value));
            }
        }
        Ok(rule)
    }

    /// An error about parameter `name` (about the table when not given).
    fn error_at(&self, name: &str, message: impl Into<String>) -> NativeError {
        match self.raw(name) {
            Some(value) => self.reader.at(value, &format!("{}.{name}", self.path), message),
            None => self.error(message),
        }
    }

    /// An error about the whole table.
    fn error(&self, message: impl Into<String>) -> NativeError {
        self.reader.at(self.table, &self.path, message)
    }
}
