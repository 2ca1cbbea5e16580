//! The streaming reader against the whole-block rule, and its limits.

use std::io::{BufReader, Read};

use proptest::prelude::*;

use super::*;

type Answers = Vec<Result<ParsedGrid, ParseError>>;

fn streamed(text: &[u8], options: &ParseOptions) -> Answers {
    GridReader::new(text, options.clone()).collect()
}

fn whole(text: &[u8], options: &ParseOptions) -> Answers {
    GridReader::whole_blocks(text, options.clone()).collect()
}

/// A reader that hands out at most `step` bytes per read, so lines straddle
/// every buffer boundary.
struct Trickle<'a> {
    text: &'a [u8],
    step: usize,
}

impl Read for Trickle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.step.min(buf.len()).min(self.text.len());
        buf[..n].copy_from_slice(&self.text[..n]);
        self.text = &self.text[n..];
        Ok(n)
    }
}

fn trickled(text: &[u8], step: usize, options: &ParseOptions) -> Answers {
    let reader = BufReader::with_capacity(7, Trickle { text, step });
    GridReader::new(reader, options.clone()).collect()
}

/// The repository's puzzle files, as the command line reads them.
fn repository_inputs() -> Vec<std::path::PathBuf> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut files = Vec::new();
    for dir in [
        "../shared/data/classic",
        "../shared/data/large",
        "tests/puzzles",
        "examples",
    ] {
        let Ok(entries) = std::fs::read_dir(root.join(dir)) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.extension().is_some_and(|e| e == "txt") {
                files.push(path);
            }
        }
    }
    files
}

#[test]
fn the_repository_inputs_stream_as_they_read_whole() {
    let files = repository_inputs();
    assert!(files.len() > 10, "{files:?}");
    for path in files {
        let text = std::fs::read(&path).unwrap();
        for options in [ParseOptions::default(), ParseOptions { size: Some(9) }] {
            let expected = whole(&text, &options);
            assert_eq!(streamed(&text, &options), expected, "{}", path.display());
            if text.len() < 200_000 {
                assert_eq!(trickled(&text, 3, &options), expected, "{}", path.display());
            }
        }
    }
}

/// A small deterministic generator for the texts below.
struct Dice(u64);

impl Dice {
    fn roll(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }

    fn cell(&mut self, n: usize, token: bool) -> String {
        match self.roll(3) {
            0 => ".".into(),
            _ if token => (1 + self.roll(n)).to_string(),
            _ => crate::format::symbol_char(1 + self.roll(n) as u8)
                .unwrap()
                .to_string(),
        }
    }

    fn line(&mut self, cells: usize, n: usize, token: bool) -> String {
        let cells: Vec<String> = (0..cells).map(|_| self.cell(n, token)).collect();
        cells.join(if token { " " } else { "" })
    }
}

/// Files people write: one-liner runs (with a bad line now and then), grids
/// in rows (stacked or not, pretty or not), token grids and token
/// one-liners, boards too big to read, between every kind of separator.
fn well_formed(seed: u64) -> String {
    let mut dice = Dice(seed | 1);
    let mut text = String::new();
    if dice.roll(4) == 0 {
        text.push('\u{feff}');
    }
    let end = if dice.roll(3) == 0 { "\r\n" } else { "\n" };
    for _ in 0..1 + dice.roll(5) {
        let mut lines: Vec<String> = Vec::new();
        match dice.roll(7) {
            0 => {
                // One-liners, 4×4 ones only in runs too short to be grids.
                let n = [4, 9, 16, 25][dice.roll(4)];
                let runs = if n == 4 {
                    1 + dice.roll(40)
                } else {
                    1 + dice.roll(300)
                };
                for i in 0..runs {
                    // A bad line now and then, not where it could be the majority.
                    let cells = if i > 1 && dice.roll(20) == 0 {
                        n * n - 1
                    } else {
                        n * n
                    };
                    lines.push(dice.line(cells, n, false));
                }
            }
            1 => {
                let n = [4, 6, 9, 12, 16][dice.roll(5)];
                let rows = n * (1 + dice.roll(20));
                for _ in 0..rows {
                    // A bad row only in blocks read whole (a long block with
                    // one is stacked grids here, one-liners to the whole-block rule).
                    let cells = if rows <= WINDOW && dice.roll(60) == 0 {
                        n + 1
                    } else {
                        n
                    };
                    lines.push(dice.line(cells, n, false));
                }
            }
            2 => {
                let n = 10 + dice.roll(30);
                for _ in 0..n * (1 + dice.roll(3)) {
                    lines.push(dice.line(n - 1, n, true) + " 10");
                }
            }
            3 => {
                for _ in 0..1 + dice.roll(200) {
                    lines.push(dice.line(81, 9, true));
                }
            }
            4 => {
                for _ in 0..1 + dice.roll(150) {
                    lines.push(dice.line(256, 16, true));
                }
            }
            5 => {
                let n = [64, 81, 100, 128, 129, 144, 150][dice.roll(7)];
                lines.extend(std::iter::repeat_n(vec!["."; n].join(" "), n));
            }
            _ => {
                for r in 0..9 {
                    if r == 3 || r == 6 {
                        lines.push("------+-------+------".into());
                    }
                    let row = dice.line(9, 9, true);
                    lines.push(format!("{} | {} | {}", &row[..5], &row[6..11], &row[12..]));
                }
            }
        }
        for line in lines {
            text.push_str(&line);
            text.push_str(end);
        }
        text.push_str(["", "# comment", "Grid 07", "========"][dice.roll(4)]);
        text.push_str(end);
    }
    text
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn well_formed_files_stream_as_they_read_whole(seed in any::<u64>(), step in 1usize..50) {
        let text = well_formed(seed);
        let expected = whole(text.as_bytes(), &ParseOptions::default());
        prop_assert_eq!(&streamed(text.as_bytes(), &ParseOptions::default()), &expected);
        prop_assert_eq!(&trickled(text.as_bytes(), step, &ParseOptions::default()), &expected);
    }

    /// Blocks within the window and without a one-liner are read whole.
    #[test]
    fn short_lines_stream_as_they_read_whole(
        text in proptest::collection::vec(
            prop_oneof![
                4 => Just("\n"), 1 => Just("."), 1 => Just("0"), 1 => Just("1"), 1 => Just("7"), 1 => Just(" "),
                1 => Just("12"), 1 => Just("|"), 1 => Just("-"), 1 => Just("#"), 1 => Just("x"),
                1 => Just("\r"), 1 => Just("\u{fffd}"), 1 => Just("\u{feff}")
            ],
            0..400,
        ),
        size in proptest::option::of(1usize..12),
    ) {
        let text = text.concat();
        let lines_short = text.split('\n').all(|l| l.len() <= 35);
        prop_assume!(lines_short);
        let options = ParseOptions { size };
        let expected = whole(text.as_bytes(), &options);
        if size.is_none() {
            prop_assert_eq!(&streamed(text.as_bytes(), &options), &expected);
        }
        prop_assert_eq!(trickled(text.as_bytes(), 2, &options), streamed(text.as_bytes(), &options));
    }

    /// Any bytes: reading in dribbles gives what reading at once gives.
    #[test]
    fn any_bytes_read_the_same_in_any_chunks(
        bytes in proptest::collection::vec(
            prop_oneof![Just(b'\n'), Just(b'.'), Just(b'1'), Just(b'9'), Just(b' '), Just(0xffu8), any::<u8>()],
            0..3000,
        ),
        step in 1usize..20,
    ) {
        let options = ParseOptions::default();
        prop_assert_eq!(trickled(&bytes, step, &options), streamed(&bytes, &options));
    }

    /// Files of one-liners, plain or nearly (one character changed): the
    /// shortcut for plain ones reads what the general rules read.
    #[test]
    fn plain_one_liners_read_as_without_the_shortcut(
        lines in proptest::collection::vec(
            (
                prop_oneof![4 => Just(81usize), 2 => Just(16), 1 => Just(80), 1 => Just(4), 1 => Just(82)],
                proptest::collection::vec(
                    prop_oneof![4 => Just('.'), 1 => Just('0'), 4 => proptest::char::range('1', '9')],
                    82,
                ),
                proptest::option::of((
                    0usize..82,
                    prop_oneof![Just(' '), Just('a'), Just('\r'), Just('#'), Just('|'), Just('\u{fffd}')],
                )),
            ),
            1..30,
        ),
        size in proptest::option::of(prop_oneof![Just(4usize), Just(9)]),
    ) {
        let text: String = lines
            .iter()
            .map(|(len, chars, change)| {
                let mut line: Vec<char> = chars[..*len].to_vec();
                if let Some((at, c)) = *change {
                    if at < line.len() {
                        line[at] = c;
                    }
                }
                line.into_iter().collect::<String>() + "\n"
            })
            .collect();
        let options = ParseOptions { size };
        let general: Answers = GridReader::without_shortcut(text.as_bytes(), options.clone()).collect();
        prop_assert_eq!(streamed(text.as_bytes(), &options), general);
    }
}

const GRID: &str = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

#[test]
fn a_long_line_is_one_error_and_reading_goes_on() {
    let long = "1".repeat(MAX_LINE_BYTES + 10);
    let text = format!("{GRID}\n{long}\n{GRID}\n");
    let found = streamed(text.as_bytes(), &ParseOptions::default());
    assert_eq!(
        found.len(),
        3,
        "{:?}",
        found
            .iter()
            .map(|f| f.as_ref().map(|g| g.line))
            .collect::<Vec<_>>()
    );
    assert_eq!(found[0].as_ref().unwrap().line, 1);
    let err = found[1].as_ref().unwrap_err();
    assert_eq!(err.line, 2);
    assert!(err.message.contains("longer than 4 MiB"), "{err}");
    assert_eq!(found[2].as_ref().unwrap().line, 3);
}

#[test]
fn an_endless_line_ends_the_input() {
    let endless = BufReader::new(std::io::repeat(b'0'));
    let found: Answers = GridReader::new(endless, ParseOptions::default()).collect();
    assert_eq!(found.len(), 1);
    let err = found[0].as_ref().unwrap_err();
    assert!(err.message.contains("reading stops"), "{err}");
}

/// A reader that fails the test if asked for more than its first bytes.
struct FirstLineOnly<'a>(&'a [u8]);

impl Read for FirstLineOnly<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        assert!(
            !self.0.is_empty(),
            "read past the first puzzle before answering it"
        );
        let n = self.0.len().min(buf.len());
        buf[..n].copy_from_slice(&self.0[..n]);
        self.0 = &self.0[n..];
        Ok(n)
    }
}

#[test]
fn a_one_liner_is_answered_before_the_next_line_is_read() {
    let line = format!("{GRID}\n");
    let mut reader = GridReader::new(
        BufReader::new(FirstLineOnly(line.as_bytes())),
        ParseOptions::default(),
    );
    assert_eq!(reader.next().unwrap().unwrap().grid.filled(), 17);
    let tokens: Vec<String> = GRID.chars().map(String::from).collect();
    let line = tokens.join(" ") + "\n";
    let sized = ParseOptions { size: Some(9) };
    let mut reader = GridReader::new(BufReader::new(FirstLineOnly(line.as_bytes())), sized);
    assert!(reader.next().unwrap().is_ok());
}

#[test]
fn held_lines_stay_within_the_window() {
    // 10,000 one-liners with spaces (each could be a row of an 81×81 token
    // grid): decided after 130 lines, then read one by one.
    let line = vec!["."; 81].join(" ") + "\n";
    let text = line.repeat(10_000);
    let mut reader = GridReader::new(text.as_bytes(), ParseOptions::default());
    let mut most = 0;
    let mut count = 0;
    while let Some(found) = reader.next() {
        assert!(found.is_ok());
        most = most.max(reader.held.len());
        count += 1;
    }
    assert_eq!(count, 10_000);
    assert!(most <= WINDOW + 1, "{most}");
}

/// Plain one-liners are read on the spot (`plain_one_liner`); every line
/// that is almost plain (a digit out of range, a space, a different
/// length, a CR, a comment, a 4×4 line among 9×9 ones) must still read as
/// the general rules read it.
#[test]
fn plain_one_liners_read_as_the_general_rules_read_them() {
    let plain = GRID.to_string();
    let zeros = GRID.replace('.', "0");
    let spaced = format!("{} {}", &GRID[..40], &GRID[40..]);
    let short = &GRID[..80];
    let letter = GRID.replacen('.', "a", 1);
    let small = "1.3..2.43.1.2..4";
    let small_out_of_range = "1.3..2.45.1.2..4";
    let lines = [
        plain.as_str(),
        zeros.as_str(),
        &spaced,
        short,
        &letter,
        small,
        small_out_of_range,
        "# a comment",
        &format!("{plain}\r"),
        &plain,
    ];
    for start in 0..lines.len() {
        let mut text = lines[start..].join("\n");
        text.push('\n');
        text.push_str(&lines[..start].join("\n"));
        let options = ParseOptions::default();
        let general: Answers = GridReader::without_shortcut(text.as_bytes(), options.clone()).collect();
        assert_eq!(streamed(text.as_bytes(), &options), general, "{text}");
        assert_eq!(trickled(text.as_bytes(), 7, &options), general, "{text}");
    }
    let answers = streamed(format!("{plain}\n{zeros}\n").as_bytes(), &ParseOptions::default());
    assert_eq!(answers.len(), 2);
    assert!(answers
        .iter()
        .all(|a| a.as_ref().is_ok_and(|g| g.grid.filled() == 17)));
}
