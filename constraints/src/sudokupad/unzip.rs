//! SudokuPad's "zipped" JSON, the text inside an `scl` payload: JSON with
//! short keys (`ce` for `cells`), keys unquoted, strings in single quotes,
//! `t`/`f` for true and false, colours without `#` (`#0` black, `#F`
//! white, `c54b8b`), and empty objects left out of arrays (`[,,]`).
//! Read here by a small parser straight into [`serde_json::Value`].

use serde_json::{Map, Number, Value};

/// The short keys and the names they stand for (SudokuPad's published
/// puzzle zipper table).
const KEYS: &[(&str, &str)] = &[
    ("c", "color"),
    ("ca", "cages"),
    ("ct", "center"),
    ("c1", "borderColor"),
    ("c2", "backgroundColor"),
    ("ce", "cells"),
    ("cs", "cellSize"),
    ("a", "arrows"),
    ("o", "overlays"),
    ("u", "underlays"),
    ("w", "width"),
    ("h", "height"),
    ("v", "value"),
    ("vd", "videos"),
    ("l", "lines"),
    ("r", "rounded"),
    ("re", "regions"),
    ("fs", "fontSize"),
    ("th", "thickness"),
    ("hl", "headLength"),
    ("wp", "wayPoints"),
    ("t", "title"),
    ("te", "text"),
    ("d", "duration"),
    ("d2", "d"),
];

/// The JSON of a zipped puzzle text (plain JSON reads too).
pub(super) fn unzip(text: &str) -> Result<Value, String> {
    let mut parser = Parser {
        chars: text.trim().chars().collect(),
        at: 0,
    };
    let value = parser.value(None)?;
    parser.skip_space();
    if parser.at < parser.chars.len() {
        return Err(format!(
            "unexpected '{}' at character {}",
            parser.chars[parser.at],
            parser.at + 1
        ));
    }
    Ok(value)
}

struct Parser {
    chars: Vec<char>,
    at: usize,
}

impl Parser {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    fn skip_space(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.at += 1;
        }
    }

    fn expect(&mut self, c: char) -> Result<(), String> {
        self.skip_space();
        match self.peek() {
            Some(found) if found == c => {
                self.at += 1;
                Ok(())
            }
            Some(found) => Err(format!(
                "expected '{c}' at character {}, found '{found}'",
                self.at + 1
            )),
            None => Err(format!("expected '{c}', the text ends (truncated?)")),
        }
    }

    /// A value; `after_key` says it is an object's value (where six hex
    /// digits are a colour).
    fn value(&mut self, after_key: Option<()>) -> Result<Value, String> {
        self.skip_space();
        match self.peek() {
            Some('{') => self.object(),
            Some('[') => self.array(),
            Some(q @ ('\'' | '"')) => self.string(q).map(Value::String),
            Some(_) => Ok(bare(&self.token(), after_key.is_some())),
            None => Err("a value is missing: the text ends (truncated?)".into()),
        }
    }

    /// The characters up to the next `,`, `}` or `]`.
    fn token(&mut self) -> String {
        let start = self.at;
        while self.peek().is_some_and(|c| !matches!(c, ',' | '}' | ']' | ':')) {
            self.at += 1;
        }
        self.chars[start..self.at]
            .iter()
            .collect::<String>()
            .trim()
            .to_string()
    }

    fn string(&mut self, quote: char) -> Result<String, String> {
        self.at += 1;
        let mut out = String::new();
        while let Some(c) = self.peek() {
            self.at += 1;
            match c {
                '\\' => {
                    let escaped = self.peek().ok_or("a string ends in '\\'")?;
                    self.at += 1;
                    out.push(match escaped {
                        'n' => '\n',
                        't' => '\t',
                        'r' => '\r',
                        'u' => {
                            let hex: String = self
                                .chars
                                .get(self.at..self.at + 4)
                                .unwrap_or(&[])
                                .iter()
                                .collect();
                            self.at += 4;
                            u32::from_str_radix(&hex, 16)
                                .ok()
                                .and_then(char::from_u32)
                                .unwrap_or('\u{fffd}')
                        }
                        other => other,
                    });
                }
                c if c == quote => return Ok(out),
                c => out.push(c),
            }
        }
        Err("a string is not closed (truncated?)".into())
    }

    fn object(&mut self) -> Result<Value, String> {
        self.at += 1;
        let mut map = Map::new();
        loop {
            self.skip_space();
            match self.peek() {
                Some('}') => {
                    self.at += 1;
                    return Ok(Value::Object(map));
                }
                Some(',') => self.at += 1,
                Some(q @ ('\'' | '"')) => {
                    let key = self.string(q)?;
                    self.entry(&mut map, key)?;
                }
                Some(_) => {
                    let key = self.token();
                    self.entry(&mut map, key)?;
                }
                None => return Err("an object is not closed (truncated?)".into()),
            }
        }
    }

    fn entry(&mut self, map: &mut Map<String, Value>, key: String) -> Result<(), String> {
        self.expect(':')?;
        let value = self.value(Some(()))?;
        let key = KEYS
            .iter()
            .find(|(short, _)| *short == key)
            .map_or(key, |(_, long)| long.to_string());
        map.insert(key, value);
        Ok(())
    }

    /// An array; an empty place between separators is an empty object.
    fn array(&mut self) -> Result<Value, String> {
        self.at += 1;
        let mut items = Vec::new();
        loop {
            self.skip_space();
            match self.peek() {
                Some(']' | ',') => items.push(Value::Object(Map::new())),
                Some(_) => items.push(self.value(None)?),
                None => return Err("an array is not closed (truncated?)".into()),
            }
            self.skip_space();
            match self.peek() {
                Some(',') => self.at += 1,
                Some(']') => {
                    self.at += 1;
                    return Ok(Value::Array(items));
                }
                Some(c) => {
                    return Err(format!(
                        "unexpected '{c}' in an array at character {}",
                        self.at + 1
                    ))
                }
                None => return Err("an array is not closed (truncated?)".into()),
            }
        }
    }
}

/// A bare word: `t`, `f`, `null`, a number, a colour.
fn bare(token: &str, after_key: bool) -> Value {
    let hex = token.len() == 6 && token.chars().all(|c| c.is_ascii_hexdigit());
    match token {
        "t" | "true" => Value::Bool(true),
        "f" | "false" => Value::Bool(false),
        "null" => Value::Null,
        "#0" => Value::String("#000000".into()),
        "#F" => Value::String("#FFFFFF".into()),
        _ if hex && after_key => Value::String(format!("#{token}")),
        _ => match (token.parse::<i64>(), token.parse::<f64>()) {
            (Ok(i), _) => Value::Number(i.into()),
            (_, Ok(f)) => Number::from_f64(f).map_or_else(|| Value::String(token.into()), Value::Number),
            _ => Value::String(token.into()),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The zipped forms the zipper writes, each beside the JSON it stands for.
    #[test]
    fn zipped_text_reads_as_its_json() {
        let cases = [
            (
                "{ce:[[{v:5},,],[,,]]}",
                r#"{"cells":[[{"value":5},{},{}],[{},{},{}]]}"#,
            ),
            (
                "{o:[{ct:[1,1.5],w:0.3,r:t,c2:#F,c1:#0}]}",
                r##"{"overlays":[{"center":[1,1.5],"width":0.3,"rounded":true,"backgroundColor":"#FFFFFF","borderColor":"#000000"}]}"##,
            ),
            (
                "{l:[{wp:[[0.5,0.5],[1.5,1.5]],c:c54b8b,th:9.6}]}",
                r##"{"lines":[{"wayPoints":[[0.5,0.5],[1.5,1.5]],"color":"#c54b8b","thickness":9.6}]}"##,
            ),
            (
                "{ca:[{ce:[[0,0]],v:'15'}],metadata:{rules:'Don\\'t repeat'}}",
                r#"{"cages":[{"cells":[[0,0]],"value":"15"}],"metadata":{"rules":"Don't repeat"}}"#,
            ),
        ];
        for (zipped, json) in cases {
            let expected: Value = serde_json::from_str(json).unwrap();
            assert_eq!(unzip(zipped).unwrap(), expected, "{zipped}");
        }
        assert!(unzip("{ce:[[{v:5}").unwrap_err().contains("truncated"));
    }
}
