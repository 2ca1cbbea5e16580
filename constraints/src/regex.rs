//! A regex line's pattern as an [`Automaton`] over the digits: parsed by
//! `regex-syntax` (its syntax tree), then built here by Thompson's
//! construction, one digit per character.
//!
//! The pattern is what ISS's regex lines take: characters `0`-`9` are those
//! digits and letters are the digits from 10 up (`A` or `a` is 10, `G` 16),
//! grouping `( )`, alternation `|`, the wildcard `.`, classes `[...]` and
//! `[^...]` (ranges inside), and the quantifiers `*`, `+`, `?`, `{n}`,
//! `{n,}`, `{n,m}`. The whole line must match (no anchors needed); spaces are
//! ignored. Anything else (`\d`, anchors, flags, class operations, a digit
//! the board does not have) is refused with the reason.

use regex_syntax::ast::{self, Ast, ClassSet, ClassSetItem, RepetitionKind, RepetitionRange};

use crate::automaton::{Automaton, Builder};

/// The automaton of `pattern` over the digits `1..=n`, or why the pattern
/// cannot be one.
///
/// ```
/// use sudokit_constraints::Automaton;
/// let line = Automaton::from_regex("[1-3]+9?", 9).unwrap();
/// assert!(line.accepts(&[2, 1, 9]));
/// assert!(!line.accepts(&[9]));
/// assert_eq!(
///     Automaton::from_regex("0", 9).unwrap_err(),
///     "'0' at position 0 is not a digit of a 9×9 board (1 to 9)"
/// );
/// ```
impl Automaton {
    /// The automaton that accepts exactly the digit strings `pattern`
    /// matches on an `n`×`n` board.
    pub fn from_regex(pattern: &str, n: usize) -> Result<Automaton, String> {
        let pattern: String = pattern.chars().filter(|c| !c.is_whitespace()).collect();
        let tree = ast::parse::Parser::new()
            .parse(&pattern)
            .map_err(|e| format!("{} at position {}", e.kind(), e.span().start.offset))?;
        let mut thompson = Thompson {
            builder: Builder::default(),
            n,
        };
        let (start, end) = thompson.build(&tree)?;
        thompson.builder.start(start);
        thompson.builder.accept(end);
        Ok(thompson.builder.finish())
    }
}

/// Thompson's construction over the digits of an `n`×`n` board.
struct Thompson {
    builder: Builder,
    n: usize,
}

impl Thompson {
    /// Every digit of the board, as bits.
    fn all(&self) -> u128 {
        match self.n >= 128 {
            true => u128::MAX,
            false => (1u128 << self.n) - 1,
        }
    }

    /// The digit `c` names, as a bit.
    fn digit(&self, c: char, at: usize) -> Result<u128, String> {
        let value = c.to_digit(36).map(|v| v as usize);
        match value {
            Some(v) if (1..=self.n).contains(&v) => Ok(1u128 << (v - 1)),
            Some(_) => Err(format!(
                "'{c}' at position {at} is not a digit of a {n}×{n} board (1 to {n})",
                n = self.n
            )),
            None => Err(format!(
                "'{c}' at position {at} is not a digit (0-9, then letters for 10 and up)"
            )),
        }
    }

    /// A fragment reading one of `digits`: its start and end.
    fn read(&mut self, digits: u128) -> Result<(u32, u32), String> {
        let (start, end) = (self.builder.state()?, self.builder.state()?);
        self.builder.read(start, digits, end);
        Ok((start, end))
    }

    /// The fragment of `tree`: its start and end states.
    fn build(&mut self, tree: &Ast) -> Result<(u32, u32), String> {
        let refuse = |what: &str, span: &ast::Span| {
            Err(format!(
                "{what} at position {} is not supported",
                span.start.offset
            ))
        };
        match tree {
            Ast::Empty(_) => {
                let state = self.builder.state()?;
                Ok((state, state))
            }
            Ast::Literal(literal) => {
                let digit = self.digit(literal.c, literal.span.start.offset)?;
                self.read(digit)
            }
            Ast::Dot(_) => self.read(self.all()),
            Ast::ClassBracketed(class) => {
                let digits = self.class(class)?;
                self.read(digits)
            }
            Ast::Flags(flags) => refuse("a flag", &flags.span),
            Ast::Assertion(assertion) => refuse("an anchor or assertion", &assertion.span),
            Ast::ClassUnicode(class) => refuse("a Unicode class", &class.span),
            Ast::ClassPerl(class) => refuse("a class such as \\d", &class.span),
            Ast::Group(group) => match group.flags() {
                Some(flags) if !flags.items.is_empty() => refuse("a flag", &flags.span),
                _ => self.build(&group.ast),
            },
            Ast::Concat(concat) => {
                let (start, mut end) = self.build_empty()?;
                for part in &concat.asts {
                    let (s, e) = self.build(part)?;
                    self.builder.epsilon(end, s);
                    end = e;
                }
                Ok((start, end))
            }
            Ast::Alternation(alternation) => {
                let (start, end) = (self.builder.state()?, self.builder.state()?);
                for option in &alternation.asts {
                    let (s, e) = self.build(option)?;
                    self.builder.epsilon(start, s);
                    self.builder.epsilon(e, end);
                }
                Ok((start, end))
            }
            Ast::Repetition(repetition) => {
                let (min, max) = match &repetition.op.kind {
                    RepetitionKind::ZeroOrOne => (0, Some(1)),
                    RepetitionKind::ZeroOrMore => (0, None),
                    RepetitionKind::OneOrMore => (1, None),
                    RepetitionKind::Range(RepetitionRange::Exactly(k)) => (*k, Some(*k)),
                    RepetitionKind::Range(RepetitionRange::AtLeast(k)) => (*k, None),
                    RepetitionKind::Range(RepetitionRange::Bounded(a, b)) => (*a, Some(*b)),
                };
                self.repeat(&repetition.ast, min, max)
            }
        }
    }

    /// A single state, start and end at once.
    fn build_empty(&mut self) -> Result<(u32, u32), String> {
        let state = self.builder.state()?;
        Ok((state, state))
    }

    /// `tree` at least `min` times, at most `max` (no bound when `None`).
    fn repeat(&mut self, tree: &Ast, min: u32, max: Option<u32>) -> Result<(u32, u32), String> {
        let (start, mut end) = self.build_empty()?;
        for _ in 0..min {
            let (s, e) = self.build(tree)?;
            self.builder.epsilon(end, s);
            end = e;
        }
        match max {
            None => {
                // A loop: from the end, read `tree` again and come back.
                let (s, e) = self.build(tree)?;
                self.builder.epsilon(end, s);
                self.builder.epsilon(e, end);
            }
            Some(max) => {
                let last = self.builder.state()?;
                self.builder.epsilon(end, last);
                for _ in min..max {
                    let (s, e) = self.build(tree)?;
                    self.builder.epsilon(end, s);
                    self.builder.epsilon(e, last);
                    end = e;
                }
                end = last;
            }
        }
        Ok((start, end))
    }

    /// The digits a bracketed class allows.
    fn class(&self, class: &ast::ClassBracketed) -> Result<u128, String> {
        let digits = match &class.kind {
            ClassSet::Item(item) => self.class_item(item)?,
            ClassSet::BinaryOp(op) => {
                return Err(format!(
                    "a class operation (&&, --, ~~) at position {} is not supported",
                    op.span.start.offset
                ))
            }
        };
        Ok(match class.negated {
            true => self.all() & !digits,
            false => digits,
        })
    }

    /// The digits one item of a class allows.
    fn class_item(&self, item: &ClassSetItem) -> Result<u128, String> {
        let at = item.span().start.offset;
        match item {
            ClassSetItem::Empty(_) => Ok(0),
            ClassSetItem::Literal(literal) => self.digit(literal.c, at),
            ClassSetItem::Range(range) => {
                let mut digits = 0;
                for c in range.start.c..=range.end.c {
                    digits |= self.digit(c, at)?;
                }
                Ok(digits)
            }
            ClassSetItem::Bracketed(class) => self.class(class),
            ClassSetItem::Union(union) => union
                .items
                .iter()
                .try_fold(0, |acc, i| Ok(acc | self.class_item(i)?)),
            ClassSetItem::Ascii(_) | ClassSetItem::Unicode(_) | ClassSetItem::Perl(_) => Err(format!(
                "a named class at position {at} is not supported (list the digits: [1-9])"
            )),
        }
    }
}
