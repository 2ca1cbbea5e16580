//! `any-of`: at least one of several alternatives holds, each a list of
//! rules that all hold — ISS's `Or` and `And`, and the "either a killer cage
//! or a lunchbox" puzzles setters write.
//!
//! The rule propagates by constructive disjunction: each alternative's rules
//! run alone to their fixpoint from the current candidates, on a puzzle of
//! their own, and a cell keeps the digits some surviving alternative left
//! it. An alternative that contradicts itself is out; when all are out, so
//! is the state. Every alternative's propagators are sound, and every
//! solution keeps one alternative, so its digits survive in that one's
//! result: the union removes only what no solution uses.

use std::borrow::Cow;

use sudokit_core::{
    Cell, Constraint, Contradiction, Cost, Ctx, Digits, Engine, Geometry, Grid, Propagate, Puzzle, Reason,
    Rule, State, Violation, Word,
};

use crate::rule::{fits, BuildContext, Param, ParamType, RuleKind, RuleSpec, SpecError};

/// At least one alternative holds: all of its rules at once.
///
/// ```
/// use sudokit_constraints::{AnyOf, Line, LineKind};
/// use sudokit_core::{Cell, Constraint, Geometry, Grid, Rule};
/// let g = Geometry::square(4).unwrap();
/// // r1c1 < r1c2, or r1c2 < r1c1 along a second thermometer: any two different digits.
/// let up: Box<dyn Constraint> = Box::new(Line::new(LineKind::Thermometer, [Cell(0), Cell(1)]));
/// let down: Box<dyn Constraint> = Box::new(Line::new(LineKind::Thermometer, [Cell(1), Cell(0)]));
/// let either = AnyOf::new(&g, vec![vec![up], vec![down]]).unwrap();
/// let mut grid = Grid::empty(4);
/// grid.set(Cell(0), 3);
/// grid.set(Cell(1), 1);
/// assert!(either.check(&g, &grid).is_ok());
/// grid.set(Cell(1), 3);
/// assert!(either.check(&g, &grid).is_err());
/// ```
#[derive(Clone, Debug)]
pub struct AnyOf {
    alternatives: Vec<Alternative>,
    scope: Vec<Cell>,
}

/// One alternative: its rules, built into a puzzle of their own (no
/// classic rules) that the propagator runs alone.
#[derive(Clone, Debug)]
struct Alternative {
    puzzle: Puzzle,
}

impl AnyOf {
    /// The rule holding when all the rules of some alternative do, on
    /// `geometry`. Refused: no alternatives, an empty one, a rule that does
    /// not fit the board, or one with variables beside the digits (a chaos
    /// construction's regions: an alternative sees the digits only).
    pub fn new(geometry: &Geometry, alternatives: Vec<Vec<Box<dyn Constraint>>>) -> Result<AnyOf, String> {
        if alternatives.is_empty() {
            return Err("any-of needs at least one alternative".into());
        }
        let mut built = Vec::with_capacity(alternatives.len());
        let mut scope = Vec::new();
        for (k, rules) in alternatives.into_iter().enumerate() {
            if rules.is_empty() {
                return Err(format!("alternative {} has no rules", k + 1));
            }
            let mut puzzle = Puzzle::new(geometry.clone());
            for rule in rules {
                if rule.variables(geometry) > 0 {
                    return Err(format!(
                        "alternative {}: {} needs variables beside the digits, which any-of cannot hold",
                        k + 1,
                        rule.name()
                    ));
                }
                scope.extend(rule.scope(geometry));
                let name = rule.name().into_owned();
                puzzle
                    .push(rule)
                    .map_err(|e| format!("alternative {}: {name}: {}", k + 1, e.message))?;
            }
            built.push(Alternative { puzzle });
        }
        scope.sort_unstable();
        scope.dedup();
        Ok(AnyOf {
            alternatives: built,
            scope,
        })
    }

    /// How many alternatives there are.
    pub fn len(&self) -> usize {
        self.alternatives.len()
    }

    /// Whether there are none (never, once built).
    pub fn is_empty(&self) -> bool {
        self.alternatives.is_empty()
    }

    /// The first thing `grid` breaks in each alternative, or `None` when
    /// some alternative holds on it.
    fn broken(&self, grid: &Grid) -> Option<Vec<Violation>> {
        let mut broken = Vec::with_capacity(self.alternatives.len());
        for alternative in &self.alternatives {
            match alternative.puzzle.check(grid) {
                Ok(()) => return None,
                Err(violation) => broken.push(violation),
            }
        }
        Some(broken)
    }
}

impl Rule for AnyOf {
    fn name(&self) -> Cow<'_, str> {
        let names: Vec<String> = self
            .alternatives
            .iter()
            .map(|a| {
                let rules: Vec<Cow<'_, str>> = a.puzzle.constraints().iter().map(|c| c.name()).collect();
                rules.join(" and ")
            })
            .collect();
        format!("any of ({})", names.join(" | ")).into()
    }

    /// After the cheap and medium rules: each run propagates every
    /// alternative on a board of its own.
    fn cost(&self) -> Cost {
        Cost::Expensive
    }

    fn scope(&self, _: &Geometry) -> Vec<Cell> {
        self.scope.clone()
    }

    fn check(&self, _: &Geometry, grid: &Grid) -> Result<(), Violation> {
        let Some(broken) = self.broken(grid) else {
            return Ok(());
        };
        let reasons: Vec<&str> = broken.iter().map(|v| v.message.as_str()).collect();
        let mut cells: Vec<Cell> = broken.iter().flat_map(|v| v.cells.iter().copied()).collect();
        cells.sort_unstable();
        cells.dedup();
        Err(Violation::new(
            format!("{}: no alternative holds ({})", self.name(), reasons.join("; ")),
            cells,
        ))
    }

    fn accepts_placement(&self, _: &Geometry, grid: &Grid, _: Cell) -> bool {
        self.broken(grid).is_none()
    }
}

impl Propagate for AnyOf {
    fn propagate<W: Word>(&self, cx: &mut Ctx<'_, W>, _changed: &[Cell]) -> Result<(), Contradiction> {
        cx.because(|| {
            Reason::new("any of: the digits some alternative leaves").cells(self.scope.iter().copied())
        });
        let geometry = cx.geometry();
        let start: Vec<Digits<u128>> = (0..geometry.cell_count())
            .map(|i| Digits::from_u128(cx.candidates(Cell(i as u16)).to_u128()))
            .collect();
        // The union of what the surviving alternatives leave, on the scope.
        let mut kept = vec![0u128; self.scope.len()];
        let mut alive = false;
        for alternative in &self.alternatives {
            let model = alternative.puzzle.model();
            let mut state = State::<W>::from_candidates(geometry, &start);
            let narrowed = self.scope.iter().try_for_each(|&cell| {
                let domain = model.domain(cell).to_u128();
                let keep = state.candidates(cell).to_u128() & domain;
                if keep == 0 {
                    return Err(());
                }
                state.restrict_untracked(cell, Digits::from_u128(keep));
                Ok(())
            });
            if narrowed.is_err() {
                continue;
            }
            let mut engine = Engine::rules_only(model);
            engine.schedule_all();
            if engine.propagate(&mut state, None).is_err() {
                continue;
            }
            alive = true;
            for (slot, &cell) in kept.iter_mut().zip(&self.scope) {
                *slot |= state.candidates(cell).to_u128();
            }
        }
        if !alive {
            return Err(Contradiction::rule(None, "no alternative can hold"));
        }
        for (&cell, &keep) in self.scope.iter().zip(&kept) {
            cx.restrict(cell, Digits::from_u128(keep))?;
        }
        Ok(())
    }
}

/// The rules of each alternative of `rule`, built in `context`.
fn build_alternatives(
    rule: &RuleSpec,
    context: &BuildContext<'_>,
) -> Result<Vec<Vec<Box<dyn Constraint>>>, SpecError> {
    rule.alternatives("alternatives")
        .iter()
        .map(|rules| rules.iter().map(|r| (r.kind().build)(r, context)).collect())
        .collect()
}

/// `any-of` in files.
pub(crate) static ANY_OF: RuleKind = RuleKind {
    meaning: "at least one alternative holds: all the rules of one of the lists (ISS's Or and And)",
    summary: "alternatives (a list of lists of rule tables)",
    params: &[Param::required(
        "alternatives",
        ParamType::Alternatives,
        r#"alternatives = [[{ type = "thermometer", cells = "r1c1 r1c2" }], [{ type = "thermometer", cells = "r1c2 r1c1" }]]"#,
    )],
    example: r#"{ type = "any-of", alternatives = [[{ type = "killer-cage", cells = "r1c1 r1c2", sum = 3 }], [{ type = "lunchbox", cells = "r1c1 r1c2 r1c3", sum = 0 }]] }"#,
    ..RuleKind::new("any-of", |rule, context| {
        let alternatives = build_alternatives(rule, context)?;
        // `fits` turns the refusal into the spec error every build gives.
        let any_of = AnyOf::new(context.geometry, alternatives)
            .map_err(|why| fits("any-of", Err(why)).unwrap_err())?;
        Ok(Box::new(any_of))
    })
};
