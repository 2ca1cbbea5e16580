//! Every rule of the registry, without a list of rules here: each kind's
//! example reads and builds, random rules of each kind (drawn from its
//! declared parameter types) round-trip through both formats and propagate
//! soundly on small boards, and the rule types stay in their family files.
//! A new rule is tested by being registered.

use sudokit_constraints::registry::{Param, ParamType, Presence, Registry, RuleKind, Value};
use sudokit_constraints::spec::{PuzzleSpec, RuleSpec};
use sudokit_constraints::{fpuzzles, native, Clue, ClueCell, Direction, Side};
use sudokit_core::testkit::{assert_sound, Soundness};
use sudokit_core::{Cell, Digit};

#[test]
fn every_kind_is_described_and_its_example_reads_and_builds() {
    let registry = Registry::default();
    let mut names: Vec<&str> = Vec::new();
    for kind in registry.kinds() {
        assert!(!names.contains(&kind.name), "two kinds are named {}", kind.name);
        names.push(kind.name);
        assert!(
            !kind.meaning.is_empty() && !kind.summary.is_empty(),
            "{}",
            kind.name
        );
        assert!(
            kind.example.starts_with(&format!("{{ type = \"{}\"", kind.name)),
            "{}: the example is of another rule: {}",
            kind.name,
            kind.example
        );
        for param in kind.params {
            if param.presence == Presence::Required || param.presence == Presence::Optional {
                assert!(
                    param.example.contains(" = "),
                    "{}.{}: no example",
                    kind.name,
                    param.name
                );
            }
        }
        let text = format!("size = 9\nrules = [{}]\n", kind.example);
        let spec = native::read(&text).unwrap_or_else(|e| panic!("{}: {e}", kind.name));
        assert_eq!(spec.rules.len(), 1, "{}", kind.name);
        assert_eq!(spec.rules[0].name(), kind.name);
        spec.build().unwrap_or_else(|e| panic!("{}: {e}", kind.name));
        assert_eq!(
            native::read(&native::write(&spec)).unwrap(),
            spec,
            "{}",
            kind.name
        );
    }
}

/// A random path of `len` different cells, each a king's move from the
/// one before (lines and cages alike).
fn path(rng: &mut fastrand::Rng, n: usize, len: usize) -> Vec<Cell> {
    let mut cells = vec![Cell(rng.u16(0..(n * n) as u16))];
    while cells.len() < len {
        let last = *cells.last().unwrap();
        let (r, c) = (last.row(n) as isize, last.col(n) as isize);
        let (dr, dc) = (rng.isize(-1..=1), rng.isize(-1..=1));
        let (r, c) = (r + dr, c + dc);
        if (0..n as isize).contains(&r) && (0..n as isize).contains(&c) {
            let next = Cell::at(r as usize, c as usize, n);
            if !cells.contains(&next) {
                cells.push(next);
            }
        }
    }
    cells
}

/// Two orthogonal neighbours.
fn neighbours(rng: &mut fastrand::Rng, n: usize) -> (Cell, Cell) {
    let (r, c) = (rng.usize(0..n), rng.usize(0..n - 1));
    let (a, b) = (Cell::at(r, c, n), Cell::at(r, c + 1, n));
    if rng.bool() {
        (a, b)
    } else {
        // The same pair across a column.
        (Cell::at(c, r, n), Cell::at(c + 1, r, n))
    }
}

/// A random value of type `ty` for an `n`×`n` board: not always a valid
/// one (the kind's own reading tells), but of the right shape.
fn random_value(rng: &mut fastrand::Rng, n: usize, ty: ParamType) -> Value {
    let digit = |rng: &mut fastrand::Rng| rng.u8(1..n as u8) as Digit;
    match ty {
        ParamType::Cells => {
            let len = rng.usize(2..=3);
            Value::Cells(path(rng, n, len))
        }
        ParamType::TwoCells => neighbours(rng, n).into(),
        ParamType::Cell => Value::Cell(Cell(rng.u16(0..(n * n) as u16))),
        ParamType::Digit => Value::Number(digit(rng).into()),
        ParamType::Digits => Value::Digits((0..rng.usize(1..=2)).map(|_| digit(rng)).collect()),
        ParamType::Integer { range, .. } => {
            let range = range(n);
            let span = (range.end - range.start).min(2 * n as i64 + 1);
            Value::Number(range.start + rng.i64(0..span.max(1)))
        }
        ParamType::Integers { range, .. } => {
            let range = range(n);
            let span = (range.end - range.start).min(2 * n as i64 + 1);
            Value::Numbers(vec![range.start + rng.i64(0..span.max(1))])
        }
        ParamType::Text => Value::Text("random".into()),
        ParamType::SumMark => Value::Number(if rng.bool() { 5 } else { 10 }),
        ParamType::OutsideClue => Value::Clue(Clue::new(Side::ALL[rng.usize(0..4)], rng.usize(0..n))),
        ParamType::ClueCell => Value::ClueCell(ClueCell {
            row: 0,
            col: rng.usize(1..=n),
        }),
        ParamType::Direction => Value::Direction(Direction::ALL[rng.usize(0..4)]),
        ParamType::Shafts => Value::Shafts((0..2).map(|_| path(rng, n, 2)).collect()),
        ParamType::Segments => Value::Shafts(vec![Vec::new(), path(rng, n, 2)]),
        ParamType::Moves => Value::Moves(vec![(rng.isize(0..=1), rng.isize(1..=2))]),
        ParamType::CellPairs => Value::CellPairs((0..2).map(|_| neighbours(rng, n)).collect()),
        ParamType::DigitPairs => Value::DigitPairs(vec![(digit(rng), digit(rng))]),
        // Two alternatives of one random rule each, of kinds without
        // alternatives of their own.
        ParamType::Alternatives => {
            let registry = Registry::default();
            let kinds = ["thermometer", "odd", "killer-cage", "difference", "x-sum"];
            let alternatives = (0..2)
                .map(|_| {
                    let kind = registry.get(kinds[rng.usize(0..kinds.len())]).unwrap();
                    let mut rule = RuleSpec::new(kind);
                    for param in kind.params {
                        if param.presence == Presence::Required || rng.bool() {
                            rule.set(param.name, Some(random_value(rng, n, param.ty)));
                        }
                    }
                    vec![rule]
                })
                .collect();
            Value::Alternatives(alternatives)
        }
    }
}

/// A random text that means something as parameter `name`: a regex
/// line's pattern, or an ISS-serialized state machine (digits that rise,
/// or each segment's sum even).
fn random_text(rng: &mut fastrand::Rng, n: usize, name: &str) -> Value {
    let digit = |rng: &mut fastrand::Rng| rng.u8(1..=n as u8);
    Value::Text(match name {
        "pattern" => match rng.usize(0..3) {
            0 => format!("[1-{}]*{}?", digit(rng), digit(rng)),
            1 => format!("({}.|.{})+", digit(rng), digit(rng)),
            _ => format!("[^{}]{{1,3}}", digit(rng)),
        },
        _ => ["TgZ_8SNFZ4n_EaKzxP8NFZ4n8IrPE_BWeJ8DPE8B4nARMAkAAA", "Qm__VT_qoA"][rng.usize(0..2)].into(),
    })
}

/// A random rule of `kind` on an `n`×`n` board that the native format
/// accepts and that builds, if one turns up in a few tries.
fn random_rule(rng: &mut fastrand::Rng, n: usize, kind: &'static RuleKind) -> Option<PuzzleSpec> {
    for _ in 0..200 {
        let mut rule = RuleSpec::new(kind);
        for param in kind.params {
            let wanted = match param.presence {
                Presence::Required => true,
                Presence::Optional | Presence::Number(_) | Presence::Text(_) => rng.bool(),
            };
            if wanted {
                let value = match (kind.name, param.name) {
                    (_, "pattern" | "nfa") => random_text(rng, n, param.name),
                    // One small weight per cell (2 or 3 of them), and a
                    // total such weights reach.
                    ("weighted-sum", "weights") => {
                        Value::Numbers((0..rng.usize(2..=3)).map(|_| rng.i64(-3..=3)).collect())
                    }
                    ("weighted-sum", "sum") => Value::Number(rng.i64(-(n as i64)..=3 * n as i64)),
                    _ => random_value(rng, n, param.ty),
                };
                rule.set(param.name, Some(value));
            }
        }
        let mut spec = PuzzleSpec::new(n);
        spec.rules.push(rule);
        // The kind's own reading checks what its parameters say together.
        let Ok(read) = native::read(&native::write(&spec)) else {
            continue;
        };
        if read.build().is_ok() {
            return Some(read);
        }
    }
    None
}

#[test]
fn random_rules_of_every_kind_round_trip_through_both_formats() {
    let mut rng = fastrand::Rng::with_seed(25);
    for kind in Registry::default().kinds() {
        let mut round_trips = 0;
        for n in [4, 6, 9] {
            for _ in 0..3 {
                let Some(spec) = random_rule(&mut rng, n, kind) else {
                    continue; // entropic lines need a side divisible by 3, …
                };
                round_trips += 1;
                let text = native::write(&spec);
                assert_eq!(native::read(&text).unwrap(), spec, "{text}");
                let json = fpuzzles::to_json(&spec);
                match (kind.fpuzzles, json) {
                    (Some(_), Ok(json)) => {
                        let back = fpuzzles::read(&json).unwrap_or_else(|e| panic!("{e}: {json}"));
                        assert_eq!(back.spec.rules, spec.rules, "{json}");
                    }
                    (None, Err(e)) => assert!(e.message.contains("no f-puzzles form"), "{e}"),
                    // A sum of 5 or 10 is an X or a V.
                    (None, Ok(json)) => assert_eq!(kind.name, "sum", "{json}"),
                    // f-puzzles' modular lines are mod 3: another modulus has no form.
                    (Some(_), Err(e)) if kind.name == "modular" => {
                        assert!(
                            e.message
                                .contains("(f-puzzles' modularline is always 3) has no f-puzzles form"),
                            "{e}"
                        )
                    }
                    (Some(_), Err(e)) => panic!("{}: {e}\n{text}", kind.name),
                }
            }
        }
        assert!(round_trips >= 3, "{}: {round_trips} round trips", kind.name);
    }
}

#[test]
fn random_rules_of_every_kind_propagate_soundly_on_small_boards() {
    let mut rng = fastrand::Rng::with_seed(2025);
    let options = Soundness {
        trials: 12,
        max_nodes: 50_000,
        ..Soundness::default()
    };
    for kind in Registry::default().kinds() {
        let mut checked = 0;
        for n in [4, 6] {
            for classic in [true, false] {
                let Some(mut spec) = random_rule(&mut rng, n, kind) else {
                    continue; // entropic lines need a side divisible by 3, …
                };
                spec.classic = classic;
                let Ok(puzzle) = spec.build() else { continue };
                // Extra variables (a chaos construction's region labels)
                // double the cells brute force fills: 6×6 takes minutes,
                // and tests/chaos.rs counts them against brute force on 4×4.
                if n > 4 && puzzle.variables() > 0 {
                    continue;
                }
                checked += assert_sound(&puzzle, &options).checked;
            }
        }
        assert!(checked > 0, "{}: never checked on a small board", kind.name);
    }
}

/// The files of `constraints/src` that name the Rust type `name` (as a
/// whole word), `lib.rs` aside.
fn files_naming(name: &str) -> Vec<String> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    let mut dirs = vec![root.clone()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            // A quoted name is another format's word for the rule (ISS's
            // "Sandwich"), not the Rust type.
            let word = |c: char| c.is_alphanumeric() || c == '_' || c == '"';
            let named = text.match_indices(name).any(|(i, _)| {
                let before = text[..i].chars().next_back().is_none_or(|c| !word(c));
                let after = text[i + name.len()..].chars().next().is_none_or(|c| !word(c));
                before && after
            });
            let relative = path.strip_prefix(&root).unwrap().display().to_string();
            if named && relative != "lib.rs" {
                files.push(relative);
            }
        }
    }
    files.sort();
    files
}

/// A rule's type is named next to the rule and in at most one other place:
/// the formats and the spec take it from the registry.
#[test]
fn rule_types_stay_in_their_family_files() {
    for name in ["Renban", "Thermometer", "LittleKiller", "Sandwich", "KillerCage"] {
        let files = files_naming(name);
        assert!(
            !files.is_empty() && files.len() <= 2,
            "{name} is named in {files:?}"
        );
    }
}

/// A kind from outside the built-ins is read, written and built like them.
#[test]
fn a_registered_kind_is_read_like_the_built_ins() {
    static TWINS: RuleKind = RuleKind {
        meaning: "the two cells hold the same digit",
        summary: "cells (two)",
        params: &[Param::required(
            "cells",
            ParamType::TwoCells,
            "cells = [\"r1c1\", \"r1c2\"]",
        )],
        example: r#"{ type = "twins", cells = "r1c1 r2c2" }"#,
        ..RuleKind::new("twins", |rule, _| {
            let cells = rule.cells("cells");
            Ok(Box::new(sudokit_constraints::Clones::new([cells[0]], [cells[1]])))
        })
    };
    let registry = Registry::default().with(&TWINS);
    let text = "size = 4\n[[rules]]\ntype = \"twins\"\ncells = \"r1c1 r2c3\"\n";
    let spec = native::read_with(&registry, text).unwrap();
    assert_eq!(spec.rules[0].cells("cells"), [Cell(0), Cell(6)]);
    assert_eq!(native::read_with(&registry, &native::write(&spec)).unwrap(), spec);
    assert!(spec.build().is_ok());
    // The same checks and messages as a built-in rule.
    let err = native::read_with(
        &registry,
        "size = 4\n[[rules]]\ntype = \"twins\"\ncells = \"r1c1\"\n",
    );
    assert_eq!(err.unwrap_err().message, "a twins joins two cells, found 1");
    let err = native::read_with(&registry, "size = 4\n[[rules]]\ntype = \"twin\"\n");
    assert_eq!(
        err.unwrap_err().message,
        "unknown rule type 'twin': did you mean 'twins'?"
    );
    // Without it, files cannot name it.
    assert!(native::read(text).is_err());
}
