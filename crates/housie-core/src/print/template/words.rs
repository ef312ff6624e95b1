//! A template's words in the paper's language (`generate --lang`): the texts of the shipped
//! templates and the shipped colours' names are catalogue messages (`paper-text-*`,
//! `colour-*`), so a text that is one of English's is printed as the chosen language writes
//! it. A template's own wording (a custom header, a colour named by its maker) stays as it is.

use super::Template;
use crate::support::catalogue::{Arg, Catalogue};

/// The placeholders a template's texts may hold, passed to the messages as themselves so
/// that `{book}` stays for the page to fill.
const PLACEHOLDERS: [&str; 9] = ["title", "book", "page", "pages", "booklet", "game", "colour", "part", "parts"];

/// Message `id` in `words`, its placeholders left as template placeholders (`{book}`).
fn text(words: &Catalogue, id: &str) -> String {
    let own: Vec<String> = PLACEHOLDERS.iter().map(|p| format!("{{{p}}}")).collect();
    let args: Vec<(&str, Arg)> = PLACEHOLDERS.iter().zip(&own).map(|(p, v)| (*p, Arg::from(v))).collect();
    words.say_with(id, &args)
}

/// `english` in `words` where it is one of the messages English's ids starting with `prefix`
/// give, else as it is.
fn translated(english: &str, prefix: &str, words: &Catalogue) -> String {
    let en = Catalogue::english();
    en.messages
        .keys()
        .filter(|id| id.starts_with(prefix))
        .find(|id| text(en, id) == english)
        .map_or_else(|| english.to_string(), |id| text(words, id))
}

impl Template {
    /// This template with its texts and colour names in the language of `words`, where they are
    /// the shipped English ones.
    /// `booklet_footer` says whether a booklet's footer is translated too, as it is from housie
    /// 0.14 on (a run of an earlier version prints its English footer, and must regenerate so).
    pub fn in_words(&self, words: &Catalogue, booklet_footer: bool) -> Template {
        let mut t = self.clone();
        for s in [&mut t.header.left, &mut t.header.right, &mut t.header.booklet, &mut t.footer.text] {
            *s = translated(s, "paper-text-", words);
        }
        if let Some(footer) = t.footer.booklet.as_mut().filter(|_| booklet_footer) {
            *footer = translated(footer, "paper-text-", words);
        }
        for colour in &mut t.palette {
            colour.name = translated(&colour.name, "colour-", words);
        }
        t
    }
}

/// The word before each serial (`No.`) in the language of `words`.
pub fn serial_word(words: &Catalogue) -> String {
    words.say("paper-no", &[])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_texts_and_colours_are_printed_in_the_papers_language() {
        let hi = Catalogue::of("hi").unwrap();
        let booklets = Template::shipped("twelve").unwrap().in_words(hi, true);
        assert_eq!(booklets.header.right, "किताबें {book}");
        assert_eq!(booklets.header.booklet, "बुकलेट {booklet} · खेल {game} · {colour}");
        assert_eq!(booklets.header.left, "{title}");
        assert_eq!(booklets.palette[0].name, "नीला");
        // A large-print booklet's footer too, from 0.14 on.
        let large = Template::shipped("large-print").unwrap();
        assert_eq!(
            large.in_words(hi, true).footer.booklet.as_deref(),
            Some("बुकलेट {booklet}, खेल {game} का पन्ना {part} / {parts}")
        );
        assert_eq!(large.in_words(hi, false).footer.booklet, large.footer.booklet);
        let classic = Template::shipped("classic").unwrap().in_words(hi, true);
        assert_eq!(classic.header.right, "किताब {book}");
        assert_eq!(serial_word(hi), "क्र.");
        // English is the same template; a template's own words stay.
        let en = Template::shipped("festival").unwrap();
        assert_eq!(format!("{:?}", en.in_words(Catalogue::english(), true)), format!("{en:?}"));
        let mut own = Template::shipped("classic").unwrap();
        own.header.right = "Ticket book {book}".into();
        assert_eq!(own.in_words(hi, true).header.right, "Ticket book {book}");
    }
}
