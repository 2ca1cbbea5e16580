//! The one table between ISS constraint types and sudokit's rules: a new
//! rule that ISS also has adds one line to [`RULES`].

/// How an ISS item's arguments map onto a rule's parameters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Form {
    /// No cells: `.AntiKnight`, or with a fixed argument, `.Diagonal~1`.
    Flag,
    /// The cells, in order, as `cells`: `.Thermo~R1C1~R1C2`; after a fixed
    /// argument when the row has one (`.Indexing~C~R1C1`).
    Cells,
    /// A number, then the cells: the number is parameter `param`
    /// (`.Whisper~5~R1C1~R1C2`, `.Cage~15~R1C1~R1C2`; a blank cage sum is
    /// no sum).
    Numbered(&'static str),
    /// A rule between every two orthogonal neighbours among the cells
    /// (earlier cell first), with `value` set to the row's number when it
    /// has one (`.WhiteDot~R1C1~R1C2`; `.GreaterThan~R1C1~R1C2`, the
    /// earlier cell larger).
    Pairs(Option<i64>),
    /// The arrow's circle then its shaft (`.Arrow`), or a pill's size, its
    /// cells and the shaft (`.PillArrow~2~…`).
    Arrow,
    /// A 2×2 square's top-left cell and the digits (`.Quad~R1C1~1~2`).
    Quad,
    /// A little killer: its sum and the first cell of its diagonal.
    Diagonal,
    /// A clue on one side of a row or column: the value and `R3` or `C5`
    /// (`.Sandwich~15~R3`); it reads the same from both ends.
    OneSided,
    /// Clues at both ends of a row or column: `R3` or `C5`, the value from
    /// the left or top, the value from the right or bottom
    /// (`.XSum~R3~15~`); the rule's value parameter is `param`.
    TwoSided(&'static str),
    /// A look-and-say clue of (count, digit) pairs, then the cells
    /// (`.LookAndSay~1223~R1C1~R1C2`: one 2 and two 3s).
    CountsAndDigits,
    /// Digits joined by `_`, each as often as it must appear, then the cells
    /// (`.ContainExact~1_1_2~R1C1~R1C2~R1C3`: two 1s and a 2): exactly
    /// that often as a `look-and-say`'s digits and counts, at least that
    /// often as `contain-at-least`'s digits.
    Multiset,
    /// The number of sets, then their cells one set after another
    /// (`.SameValues~2~R1C1~R1C2~R5C5~R5C6`): `same-values`, or `clone`
    /// pairs when every set is one cell (only read: a `clone` is written
    /// through its pair relations).
    Sets,
    /// Segments of cells separated by `-` (`.EqualSum~R1C1~R1C2~-~R2C1`),
    /// as `segments`.
    Segments,
    /// A relation key, then named groups of cells ([`super::pairwise`]):
    /// between consecutive cells of a group, or every two of its cells
    /// (`all`); `legacy` keys swap `-` and `_` (`.Binary`, `.BinaryX`).
    Pairwise { all: bool, legacy: bool },
    /// A pattern (base64, or percent-encoded in older strings), then lines
    /// of cells separated by empty arguments (`.Regex~WzEtM10q~R1C1~R1C2`):
    /// one rule per line.
    Regex,
    /// A serialized NFA, then named groups of cells (`_name`, an empty
    /// argument between two groups), each split into segments by `-`: one
    /// rule per group.
    Nfa,
}

/// One line of the table.
#[derive(Clone, Copy, Debug)]
pub(crate) struct IssRule {
    /// The ISS type name.
    pub iss: &'static str,
    /// A fixed first argument that tells this row from others of the same
    /// ISS type (`Diagonal~1`, `Indexing~C`).
    pub tag: Option<&'static str>,
    /// The registry kind.
    pub kind: &'static str,
    /// How the arguments map.
    pub form: Form,
}

const fn row(iss: &'static str, kind: &'static str, form: Form) -> IssRule {
    IssRule {
        iss,
        tag: None,
        kind,
        form,
    }
}

const fn tagged(iss: &'static str, tag: &'static str, kind: &'static str, form: Form) -> IssRule {
    IssRule {
        iss,
        tag: Some(tag),
        kind,
        form,
    }
}

/// Every rule both formats know. Semantics checked against ISS's
/// `js/sudoku_constraint.js` and `js/solver/sudoku_builder.js`:
/// `AntiConsecutive` holds for every pair of neighbours (sudokit's
/// `nonconsecutive` exempts dotted pairs, so the two are refused together
/// with dots), `AntiTaxicab` is sudokit's `self-taxicab`, ISS `Modular~m`
/// is `modular` with its modulus (mod 3 without one), ISS `Sum` without
/// coefficients is sudokit's `sum` on two cells and `repeating-cage` on any
/// other number, and ISS's pairwise
/// relations are `custom-pairs` with their allowed digit pairs.
pub(crate) const RULES: &[IssRule] = &[
    row("AntiKnight", "anti-knight", Form::Flag),
    row("AntiKing", "anti-king", Form::Flag),
    row("DisjointSets", "disjoint-groups", Form::Flag),
    row("AntiTaxicab", "self-taxicab", Form::Flag),
    row("AntiConsecutive", "nonconsecutive", Form::Flag),
    row("StrictXV", "negative-xv", Form::Flag),
    tagged("Diagonal", "1", "diagonal+", Form::Flag),
    tagged("Diagonal", "-1", "diagonal-", Form::Flag),
    row("WhiteDot", "difference", Form::Pairs(Some(1))),
    row("BlackDot", "ratio", Form::Pairs(Some(2))),
    row("X", "xv", Form::Pairs(Some(10))),
    row("V", "xv", Form::Pairs(Some(5))),
    row("GreaterThan", "greater-than", Form::Pairs(None)),
    row("Sum", "sum", Form::Numbered("value")),
    // ISS's `Sum` on any number of cells but two (digits may repeat).
    row("Sum", "repeating-cage", Form::Numbered("sum")),
    row("Cage", "killer-cage", Form::Numbered("sum")),
    row("AllDifferent", "extra-region", Form::Cells),
    row("Quad", "quadruple", Form::Quad),
    tagged("Indexing", "R", "row-indexer", Form::Cells),
    tagged("Indexing", "C", "column-indexer", Form::Cells),
    row("Thermo", "thermometer", Form::Cells),
    row("Palindrome", "palindrome", Form::Cells),
    row("Whisper", "whispers", Form::Numbered("value")),
    row("DoubleArrow", "double-arrow", Form::Cells),
    row("Zipper", "zipper", Form::Cells),
    row("RegionSumLine", "region-sum-line", Form::Cells),
    row("Renban", "renban", Form::Cells),
    row("Between", "between", Form::Cells),
    row("Entropic", "entropic", Form::Cells),
    row("Modular", "modular", Form::Numbered("modulus")),
    row("Arrow", "arrow", Form::Arrow),
    row("PillArrow", "arrow", Form::Arrow),
    row("LittleKiller", "little-killer", Form::Diagonal),
    row("Sandwich", "sandwich", Form::OneSided),
    row("XSum", "x-sum", Form::TwoSided("sum")),
    row("Skyscraper", "skyscraper", Form::TwoSided("visible")),
    row("NumberedRoom", "numbered-room", Form::TwoSided("digit")),
    row("HiddenSkyscraper", "hidden-skyscraper", Form::TwoSided("digit")),
    row("FullRank", "full-rank", Form::TwoSided("rank")),
    // Read as a board item (`any` sets `ties` on every full rank clue).
    tagged("FullRankTies", "none", "full-rank-no-ties", Form::Flag),
    row("GlobalEntropy", "global-entropy", Form::Flag),
    row("GlobalMod", "global-modular", Form::Flag),
    row("ValueIndexing", "value-indexing", Form::Cells),
    row("Lockout", "lockout", Form::Numbered("value")),
    row("RellikCage", "rellik-cage", Form::Numbered("sum")),
    row("EqualityCage", "equality-cage", Form::Cells),
    row("SumLine", "sum-line", Form::Numbered("sum")),
    // A `SumLine` whose cells end in `LOOP`.
    row("SumLine", "sum-loop", Form::Numbered("sum")),
    row("Lunchbox", "lunchbox", Form::Numbered("sum")),
    row("CountingCircles", "counting-circles", Form::Cells),
    row("LookAndSay", "look-and-say", Form::CountsAndDigits),
    row("ContainExact", "look-and-say", Form::Multiset),
    // `SameValues` of one-cell sets (every cell the same digit).
    row("SameValues", "clone", Form::Sets),
    row("SameValues", "same-values", Form::Sets),
    row("ContainAtLeast", "contain-at-least", Form::Multiset),
    row("EqualSum", "equal-sum", Form::Segments),
    row("Regex", "regex", Form::Regex),
    row("NFA", "automaton", Form::Nfa),
    // `.Pair` first: it is the form the writer picks for `custom-pairs`.
    row(
        "Pair",
        "custom-pairs",
        Form::Pairwise {
            all: false,
            legacy: false,
        },
    ),
    row(
        "PairX",
        "custom-pairs",
        Form::Pairwise {
            all: true,
            legacy: false,
        },
    ),
    row(
        "Binary",
        "custom-pairs",
        Form::Pairwise {
            all: false,
            legacy: true,
        },
    ),
    row(
        "BinaryX",
        "custom-pairs",
        Form::Pairwise {
            all: true,
            legacy: true,
        },
    ),
];

/// ISS types that are several sudokit rules together: `StrictKropki`
/// (no unmarked neighbours consecutive or one double the other) is
/// `nonconsecutive` and `negative-ratio`, both of which exempt dotted
/// pairs as ISS does. Written when a puzzle has all of them (and black
/// dots of ratio 2 only).
pub(crate) const COMBINED: &[(&str, &[&str])] = &[("StrictKropki", &["nonconsecutive", "negative-ratio"])];

/// ISS types about the board itself, read by the reader directly
/// (`Windoku` as one extra region per window, `FullRankTies` as the ties
/// of every full rank clue or, `none`, a rule of its own, `DutchFlatmates`
/// as one `any-of` per cell).
pub(crate) const BOARD_TYPES: &[&str] = &[
    "Shape",
    "Jigsaw",
    "NoBoxes",
    "Given",
    "Windoku",
    "FullRankTies",
    "DutchFlatmates",
];

/// Every ISS constraint type (ISS's `SudokuConstraint` classes), to tell an
/// ISS string from a classic grid and an ISS type sudokit does not read
/// from a misspelt one.
pub(crate) const ISS_TYPES: &[&str] = &[
    "Container",
    "Or",
    "And",
    "Replicate",
    "End",
    "Jigsaw",
    "Thermo",
    "Whisper",
    "Renban",
    "Modular",
    "Entropic",
    "RegionSumLine",
    "Between",
    "Lockout",
    "Palindrome",
    "Zipper",
    "SumLine",
    "Regex",
    "NFA",
    "NoBoxes",
    "ChaosConstruction",
    "ChaosArrow",
    "ChaosCount",
    "RegionSize",
    "RegionSameValues",
    "StrictKropki",
    "StrictXV",
    "Shape",
    "Windoku",
    "DisjointSets",
    "AntiKnight",
    "Doppelganger",
    "AntiKing",
    "AntiTaxicab",
    "AntiConsecutive",
    "GlobalEntropy",
    "GlobalMod",
    "FullRankTies",
    "DutchFlatmates",
    "Diagonal",
    "WhiteDot",
    "BlackDot",
    "GreaterThan",
    "X",
    "ValueIndexing",
    "V",
    "Arrow",
    "DoubleArrow",
    "PillArrow",
    "Cage",
    "RellikCage",
    "EqualityCage",
    "Sum",
    "LittleKiller",
    "XSum",
    "Sandwich",
    "Lunchbox",
    "Skyscraper",
    "HiddenSkyscraper",
    "NumberedRoom",
    "FullRank",
    "AllDifferent",
    "ContainAtLeast",
    "ContainExact",
    "LookAndSay",
    "ConnectedValues",
    "SameValues",
    "EqualSum",
    "Quad",
    "Binary",
    "BinaryX",
    "Pair",
    "PairX",
    "Indexing",
    "CountingCircles",
    "CountDistinct",
    "Given",
    "SearchPriority",
    "Var",
];

/// The rows for ISS type `iss`.
pub(crate) fn rows_of(iss: &str) -> impl Iterator<Item = &'static IssRule> + '_ {
    RULES.iter().filter(move |r| r.iss == iss)
}

/// The rows for registry kind `kind`.
pub(crate) fn rows_for(kind: &str) -> impl Iterator<Item = &'static IssRule> + '_ {
    RULES.iter().filter(move |r| r.kind == kind)
}
