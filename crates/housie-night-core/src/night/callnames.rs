//! Call names: what a caller says with each number ("two little ducks, twenty-two"). The UK's
//! traditional list, a Tambola list of English and Hindi sayings, and a Hindi list in
//! Devanagari (each number's digits, as Hindi callers call them) ship as data
//! (`callnames/`); a caller's own list is a text file of the same form, given to `housie serve
//! --call-names FILE`: one number a line, the number then its name, all 90 numbers once each.
//! Blank lines and lines starting with `#` are skipped.

use housie_core::domain::text::check_plain;

/// A list of names for the numbers 1–90.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct CallNames {
    /// The list's name: `uk`, `tambola`, `hindi`, `tambola-hindi`, or a custom list's file name.
    pub name: String,
    /// The name of number n at index n − 1.
    pub names: Vec<String>,
}

/// The shipped lists.
pub const SHIPPED: &[(&str, &str)] = [
    ("uk", include_str!("../../callnames/uk.txt")),
    ("tambola", include_str!("../../callnames/tambola.txt")),
    ("hindi", include_str!("../../callnames/hindi.txt")),
    ("tambola-hindi", include_str!("../../callnames/tambola-hindi.txt")),
]
.as_slice();

/// The largest call-name file read, and the longest name.
pub const MAX_FILE: u64 = 64 * 1024;
const MAX_NAME: usize = 120;

impl CallNames {
    /// The shipped lists.
    pub fn shipped() -> Vec<CallNames> {
        SHIPPED
            .iter()
            .map(|(n, text)| CallNames::parse(text, n, n).expect("the shipped call names are valid"))
            .collect()
    }

    /// Parses a list; `file` names it in errors.
    pub fn parse(text: &str, name: &str, file: &str) -> Result<CallNames, String> {
        let mut names: Vec<Option<String>> = vec![None; 90];
        let mut problems = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let at = format!("{file}:{}", i + 1);
            let digits: String = line.chars().take_while(char::is_ascii_digit).collect();
            let rest = line[digits.len()..].trim_start_matches([':', '.', '\t', ' ', '-', '–']).trim();
            let number: usize = match digits.parse() {
                Ok(n) if (1..=90).contains(&n) => n,
                Ok(n) => {
                    problems.push(format!("{at}: {n} is not a bingo number (1–90)"));
                    continue;
                }
                Err(_) => {
                    problems.push(format!(
                        "{at}: a line starts with its number, then the name (like `22 Two little ducks`)"
                    ));
                    continue;
                }
            };
            if rest.is_empty() {
                problems.push(format!("{at}: {number} has no name"));
            } else if rest.chars().count() > MAX_NAME {
                problems.push(format!("{at}: the name of {number} is over {MAX_NAME} characters"));
            } else if let Err(e) = check_plain(rest) {
                problems.push(format!("{at}: the name of {number} {e}"));
            } else if names[number - 1].is_some() {
                problems.push(format!("{at}: {number} is named twice"));
            } else {
                names[number - 1] = Some(rest.to_string());
            }
        }
        let missing: Vec<String> =
            names.iter().enumerate().filter(|(_, n)| n.is_none()).map(|(i, _)| (i + 1).to_string()).collect();
        if !missing.is_empty() && problems.is_empty() {
            let list = if missing.len() > 12 {
                format!("{} and {} more", missing[..12].join(", "), missing.len() - 12)
            } else {
                missing.join(", ")
            };
            problems.push(format!("{file}: every number 1–90 needs a name; missing: {list}"));
        }
        if !problems.is_empty() {
            return Err(problems.join("\n"));
        }
        Ok(CallNames { name: name.to_string(), names: names.into_iter().flatten().collect() })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_lists_name_every_number() {
        let lists = CallNames::shipped();
        assert_eq!(lists.len(), 4);
        assert_eq!(lists[0].names[21], "Two little ducks");
        assert_eq!(lists[1].names[65], "Chhakke pe chhakka, chhiyaasath");
        assert_eq!((lists[2].names[4].as_str(), lists[2].names[25].as_str()), ("अकेला पाँच", "दो और छह"));
        assert_eq!(lists[2].names[89], "नौ और शून्य");
        assert_eq!((lists[3].names[35].as_str(), lists[3].names[55].as_str()), ("छत्तीस का आँकड़ा", "छप्पन भोग"));
        assert!(lists.iter().all(|l| l.names.len() == 90));
    }

    /// A caller's saying names one number: both lists once called 29 and 49 "Rise and shine".
    #[test]
    fn every_saying_in_the_shipped_lists_is_one_number_s() {
        for list in CallNames::shipped() {
            let mut seen = std::collections::BTreeMap::new();
            for (i, name) in list.names.iter().enumerate() {
                // The saying, without the number's own name after the comma.
                let saying = name.split(',').next().unwrap().trim().to_lowercase();
                if let Some(first) = seen.insert(saying.clone(), i + 1) {
                    panic!("{}: {first} and {} are both `{saying}`", list.name, i + 1);
                }
            }
        }
    }

    #[test]
    fn a_bad_list_is_refused_with_every_mistake() {
        let err = CallNames::parse("1 One\n1 Again\n91 Big\nx y\n2\n", "c", "c.txt").unwrap_err();
        assert_eq!(
            err,
            "c.txt:2: 1 is named twice\nc.txt:3: 91 is not a bingo number (1–90)\nc.txt:4: a line starts with its number, then the name (like `22 Two little ducks`)\nc.txt:5: 2 has no name"
        );
        let err = CallNames::parse("1 One\n", "c", "c.txt").unwrap_err();
        assert_eq!(
            err,
            "c.txt: every number 1–90 needs a name; missing: 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13 and 77 more"
        );
        assert!(CallNames::parse("", "c", "c.txt").is_err());
    }
}
