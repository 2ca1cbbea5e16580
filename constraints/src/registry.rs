//! Every rule sudokit reads from files: its native name, its f-puzzles key,
//! what it means in one sentence and what it takes. `sudokit rules` prints
//! this table; the native format and the f-puzzles importer name rules by it.

/// One kind of rule, as files name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RuleInfo {
    /// The `type` in the native format (`thermometer`).
    pub name: &'static str,
    /// The f-puzzles key that carries it, when f-puzzles has one.
    pub fpuzzles: Option<&'static str>,
    /// The rule in one sentence.
    pub meaning: &'static str,
    /// What the native format takes for it.
    pub parameters: &'static str,
}

/// Every rule, grouped as the README lists them: global rules, cells,
/// pairs, regions, lines, outside clues, and rules beyond f-puzzles.
pub const RULES: &[RuleInfo] = &[
    RuleInfo {
        name: "classic",
        fpuzzles: Some("(always)"),
        meaning: "every row, column and region holds each digit once",
        parameters: "top-level `classic = true` (the default)",
    },
    RuleInfo {
        name: "jigsaw",
        fpuzzles: Some("grid[].region"),
        meaning: "the regions are irregular shapes of n cells",
        parameters: "top-level `regions`: one symbol per cell, a row per line",
    },
    RuleInfo {
        name: "diagonal+",
        fpuzzles: Some("diagonal+"),
        meaning: "the diagonal from the bottom-left to the top-right corner holds no repeated digit",
        parameters: "none",
    },
    RuleInfo {
        name: "diagonal-",
        fpuzzles: Some("diagonal-"),
        meaning: "the diagonal from the top-left to the bottom-right corner holds no repeated digit",
        parameters: "none",
    },
    RuleInfo {
        name: "anti-knight",
        fpuzzles: Some("antiknight"),
        meaning: "cells a chess knight's move apart hold different digits",
        parameters: "none",
    },
    RuleInfo {
        name: "anti-king",
        fpuzzles: Some("antiking"),
        meaning: "cells a chess king's move apart hold different digits",
        parameters: "none",
    },
    RuleInfo {
        name: "disjoint-groups",
        fpuzzles: Some("disjointgroups"),
        meaning: "cells at the same place in every region hold different digits",
        parameters: "none",
    },
    RuleInfo {
        name: "nonconsecutive",
        fpuzzles: Some("nonconsecutive"),
        meaning: "orthogonal neighbours are not consecutive, except across a white or black dot",
        parameters: "none",
    },
    RuleInfo {
        name: "negative-ratio",
        fpuzzles: Some("negative: ratio"),
        meaning: "orthogonal neighbours without a dot are not in the ratio of any black dot (1:2 by default)",
        parameters: "none",
    },
    RuleInfo {
        name: "negative-xv",
        fpuzzles: Some("negative: xv"),
        meaning: "orthogonal neighbours without an X or V do not add up to 5 or 10",
        parameters: "none",
    },
    RuleInfo {
        name: "diagonal-nonconsecutive",
        fpuzzles: None,
        meaning: "diagonal neighbours are not consecutive",
        parameters: "none",
    },
    RuleInfo {
        name: "odd",
        fpuzzles: Some("odd"),
        meaning: "the cells hold odd digits",
        parameters: "cells",
    },
    RuleInfo {
        name: "even",
        fpuzzles: Some("even"),
        meaning: "the cells hold even digits",
        parameters: "cells",
    },
    RuleInfo {
        name: "minimum",
        fpuzzles: Some("minimum"),
        meaning: "each cell is smaller than its orthogonal neighbours that are not minimum cells",
        parameters: "cells",
    },
    RuleInfo {
        name: "maximum",
        fpuzzles: Some("maximum"),
        meaning: "each cell is larger than its orthogonal neighbours that are not maximum cells",
        parameters: "cells",
    },
    RuleInfo {
        name: "pencil-marks",
        fpuzzles: Some("grid[].givenPencilMarks"),
        meaning: "the cell holds one of the given digits",
        parameters: "cell, digits",
    },
    RuleInfo {
        name: "difference",
        fpuzzles: Some("difference"),
        meaning: "a white dot: the two digits differ by the value (1 by default)",
        parameters: "cells (two), value (optional)",
    },
    RuleInfo {
        name: "ratio",
        fpuzzles: Some("ratio"),
        meaning: "a black dot: one digit is the value (2 by default) times the other",
        parameters: "cells (two), value (optional)",
    },
    RuleInfo {
        name: "xv",
        fpuzzles: Some("xv"),
        meaning: "an X: the two digits add up to 10; a V: to 5",
        parameters: "cells (two), value (\"X\" or \"V\")",
    },
    RuleInfo {
        name: "sum",
        fpuzzles: None,
        meaning: "the two digits add up to the value",
        parameters: "cells (two), value",
    },
    RuleInfo {
        name: "killer-cage",
        fpuzzles: Some("killercage"),
        meaning: "the cage holds no repeated digit, and its digits add up to the sum when it shows one",
        parameters: "cells, sum (optional)",
    },
    RuleInfo {
        name: "extra-region",
        fpuzzles: Some("extraregion"),
        meaning: "the cells hold no repeated digit",
        parameters: "cells",
    },
    RuleInfo {
        name: "clone",
        fpuzzles: Some("clone"),
        meaning: "each cell holds the same digit as its clone",
        parameters: "cells, clones (same length)",
    },
    RuleInfo {
        name: "quadruple",
        fpuzzles: Some("quadruple"),
        meaning: "every listed digit appears in the cells around the circle (a digit listed twice, twice)",
        parameters: "cells, digits (at most 4)",
    },
    RuleInfo {
        name: "row-indexer",
        fpuzzles: Some("rowindexer"),
        meaning: "a listed cell in row r holding v puts r in row v of its column",
        parameters: "cells",
    },
    RuleInfo {
        name: "column-indexer",
        fpuzzles: Some("columnindexer"),
        meaning: "a listed cell in column c holding v puts c in column v of its row (159: columns 1, 5, 9)",
        parameters: "cells",
    },
    RuleInfo {
        name: "box-indexer",
        fpuzzles: Some("boxindexer"),
        meaning: "a listed cell at position i of its region holding v puts i at position v of the region",
        parameters: "cells",
    },
    RuleInfo {
        name: "thermometer",
        fpuzzles: Some("thermometer"),
        meaning: "digits strictly increase from the bulb (the first cell)",
        parameters: "cells (a line)",
    },
    RuleInfo {
        name: "slow-thermometer",
        fpuzzles: Some("slowthermometer"),
        meaning: "digits never decrease from the bulb",
        parameters: "cells (a line)",
    },
    RuleInfo {
        name: "palindrome",
        fpuzzles: Some("palindrome"),
        meaning: "the line reads the same from both ends",
        parameters: "cells (a line)",
    },
    RuleInfo {
        name: "whispers",
        fpuzzles: Some("whispers"),
        meaning:
            "neighbours on the line differ by at least the value (half the size, rounded up, by default)",
        parameters: "cells (a line), value (optional)",
    },
    RuleInfo {
        name: "nabner",
        fpuzzles: Some("nabner"),
        meaning: "no two digits on the line are equal or consecutive",
        parameters: "cells (a line)",
    },
    RuleInfo {
        name: "arrow",
        fpuzzles: Some("arrow"),
        meaning: "the digits along each shaft add up to the circle (a pill reads as a number)",
        parameters: "circle (a cell, or a pill's cells), cells (one shaft) or shafts (several)",
    },
    RuleInfo {
        name: "double-arrow",
        fpuzzles: Some("doublearrow"),
        meaning: "the two ends of the line add up to the digits between them",
        parameters: "cells (a line)",
    },
    RuleInfo {
        name: "zipper",
        fpuzzles: Some("zipperline"),
        meaning: "cells the same distance from the middle add up to the same total (the middle cell, if any)",
        parameters: "cells (a line)",
    },
    RuleInfo {
        name: "region-sum-line",
        fpuzzles: Some("regionsumline"),
        meaning: "every stretch of the line inside one region has the same sum",
        parameters: "cells (a line)",
    },
    RuleInfo {
        name: "digital-root-cage",
        fpuzzles: Some("cage: DR<k>"),
        meaning: "the cage holds no repeated digit and the digital root of its sum is the root",
        parameters: "cells, root (1 to 9)",
    },
    RuleInfo {
        name: "renban",
        fpuzzles: Some("renban"),
        meaning: "the line holds distinct consecutive digits in any order",
        parameters: "cells (a line, at most n cells)",
    },
    RuleInfo {
        name: "between",
        fpuzzles: Some("betweenline"),
        meaning: "every inner cell holds a digit strictly between the two end cells (the circles)",
        parameters: "cells (a line, circles first and last)",
    },
    RuleInfo {
        name: "entropic",
        fpuzzles: Some("entropicline"),
        meaning: "any three cells in a row on the line hold a low, a middle and a high digit (1-3, 4-6, 7-9)",
        parameters: "cells (a line; the board's side divisible by 3)",
    },
    RuleInfo {
        name: "modular",
        fpuzzles: Some("modularline"),
        meaning: "any three cells in a row on the line hold three different residues mod 3",
        parameters: "cells (a line)",
    },
    RuleInfo {
        name: "little-killer",
        fpuzzles: Some("littlekillersum"),
        meaning: "the diagonal from the clue in its direction sums to the value; digits may repeat",
        parameters: "clue (a cell outside the grid, as \"r0c4\", or the diagonal's first cell), direction (UL, UR, DL, DR), sum",
    },
    RuleInfo {
        name: "sandwich",
        fpuzzles: Some("sandwichsum"),
        meaning: "in the clue's row or column, the digits between the 1 and the largest digit sum to the clue",
        parameters: "clue (\"left of r3\", \"right of r3\", \"above c5\", \"below c5\"), sum",
    },
    RuleInfo {
        name: "x-sum",
        fpuzzles: Some("xsum"),
        meaning: "from the clue, the first digit X says how many digits to add: the first X digits sum to the clue",
        parameters: "clue (\"left of r3\", …), sum",
    },
    RuleInfo {
        name: "skyscraper",
        fpuzzles: Some("skyscraper"),
        meaning: "seen from the clue, digits are heights and taller ones hide lower ones behind: that many are seen",
        parameters: "clue (\"left of r3\", …), visible",
    },
    RuleInfo {
        name: "chess",
        fpuzzles: None,
        meaning: "cells some chess-like moves apart hold different digits (anti-camel: moves [[1, 3]])",
        parameters: "moves ([[rows, cols], …]), digits (optional), name (optional)",
    },
    RuleInfo {
        name: "taxicab",
        fpuzzles: None,
        meaning: "cells at the given taxicab distance hold different digits",
        parameters: "value (the distance)",
    },
    RuleInfo {
        name: "self-taxicab",
        fpuzzles: None,
        meaning: "a digit d does not repeat at taxicab distance d",
        parameters: "none",
    },
    RuleInfo {
        name: "custom-pairs",
        fpuzzles: None,
        meaning:
            "between each listed pair of cells, only the allowed digit pairs (or any but the forbidden ones)",
        parameters: "pairs ([[cell, cell], …]), allowed or forbidden ([[digit, digit], …]), name (optional)",
    },
];

/// The rule called `name` in the native format.
///
/// ```
/// use sudokit_constraints::registry::rule_info;
/// assert_eq!(rule_info("thermometer").unwrap().fpuzzles, Some("thermometer"));
/// assert!(rule_info("thermo").is_none());
/// ```
pub fn rule_info(name: &str) -> Option<&'static RuleInfo> {
    RULES.iter().find(|r| r.name == name)
}
