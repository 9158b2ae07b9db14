//! Every passage a shipped scenario file quotes must be in the rules texts, so that a made-up
//! citation fails the build.
//!
//! What counts as a quotation: inside the text fields `description`, `source` and
//! `reconstruction` of a file in `scenarios/data/`, the text between a pair of quote marks. A
//! quote mark is a double quote `"`, or a single quote `'` that does not stand between a letter
//! or digit and a letter (such a `'`, as in `player's` or `2.0's`, is an apostrophe; a plural
//! possessive like `leaders'` would be a quote mark, so the files write `of the leaders`). Quote
//! marks of each kind pair up in order, so a field must have an even number of each. Inside a quotation, `...`
//! marks an omission and `[...]` an editorial insertion: the passage is cut there into
//! fragments. Each fragment, normalised (lower case, every run of characters that are not
//! letters or digits made one space), must occur in the normalised rules texts: every file of
//! the seeds folder (`shared/seeds/`, found as `../../shared/seeds` from this crate, or where
//! the environment variable `WARLORD_SEEDS` points). Names are quoted too (a preset's name,
//! a section title), so they must be written as the texts write them. What the project decided
//! is written without quote marks and said to be a reconstruction or a decision.

use std::path::PathBuf;

/// The folder of the rules texts.
fn seeds_dir() -> PathBuf {
    match std::env::var_os("WARLORD_SEEDS") {
        Some(dir) => PathBuf::from(dir),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/seeds"),
    }
}

/// Every rules text of the seeds folder, normalised and joined.
fn texts() -> String {
    let dir = seeds_dir();
    let entries = std::fs::read_dir(&dir).unwrap_or_else(|e| {
        panic!("the rules texts are needed to check citations: {} ({e}); set WARLORD_SEEDS", dir.display())
    });
    let mut files: Vec<PathBuf> = entries.map(|e| e.expect("a readable seeds folder").path()).collect();
    files.sort();
    let all: Vec<String> = files
        .iter()
        .filter(|p| p.is_file())
        .map(|p| normalise(&std::fs::read_to_string(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))))
        .collect();
    assert!(!all.is_empty(), "no rules texts in {}", dir.display());
    all.join(" | ")
}

/// Lower case, every run of characters that are not letters or digits one space.
fn normalise(text: &str) -> String {
    text.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).collect::<Vec<_>>().join(" ").to_lowercase()
}

/// The quotations of a field, or why its quote marks do not pair up.
fn quotations(field: &str) -> Result<Vec<String>, String> {
    let chars: Vec<char> = field.chars().collect();
    let mut out = Vec::new();
    for mark in ['"', '\''] {
        let is_mark = |i: usize| {
            chars[i] == mark
                && (mark == '"'
                    || !(i > 0
                        && chars[i - 1].is_alphanumeric()
                        && chars.get(i + 1).is_some_and(|c| c.is_alphabetic())))
        };
        let marks: Vec<usize> = (0..chars.len()).filter(|&i| is_mark(i)).collect();
        if marks.len() % 2 == 1 {
            return Err(format!("an odd number ({}) of {mark} quote marks", marks.len()));
        }
        out.extend(marks.chunks(2).map(|pair| chars[pair[0] + 1..pair[1]].iter().collect::<String>()));
    }
    Ok(out)
}

/// The fragments of a quotation: cut at omissions (`...`, `…`) and editorial insertions (`[...]`).
fn fragments(quotation: &str) -> Vec<String> {
    let mut cut = String::new();
    let mut depth = 0usize;
    for c in quotation.chars() {
        match c {
            '[' => {
                depth += 1;
                cut.push('\u{1}');
            }
            ']' => depth = depth.saturating_sub(1),
            _ if depth > 0 => {}
            _ => cut.push(c),
        }
    }
    cut.replace("...", "\u{1}").replace('…', "\u{1}").split('\u{1}').map(normalise).filter(|f| !f.is_empty()).collect()
}

/// The problems of one text field: quotations (or fragments of them) the texts do not hold.
fn problems(field: &str, texts: &str) -> Vec<String> {
    match quotations(field) {
        Err(why) => vec![why],
        Ok(quotes) => quotes
            .iter()
            .flat_map(|q| {
                fragments(q)
                    .into_iter()
                    .filter(|f| !texts.contains(f.as_str()))
                    .map(move |f| format!("'{q}': \"{f}\" is in no rules text"))
            })
            .collect(),
    }
}

#[test]
fn every_quotation_in_the_scenario_files_is_in_the_rules_texts() {
    let texts = texts();
    let mut wrong = Vec::new();
    let mut quoted = 0;
    for b in warlord_scenarios::ALL {
        let s = warlord_rules::Scenario::parse(b.text, b.id).unwrap_or_else(|e| panic!("{e}"));
        for (key, field) in
            [("description", &s.description), ("source", &s.source), ("reconstruction", &s.reconstruction)]
        {
            quoted += quotations(field).map_or(0, |q| q.len());
            wrong.extend(problems(field, &texts).into_iter().map(|p| format!("{}.toml {key}: {p}", b.id)));
        }
    }
    assert!(wrong.is_empty(), "citations not in the rules texts:\n{}", wrong.join("\n"));
    assert!(quoted > 20, "the files quote the texts ({quoted} quotations found)");
}

#[test]
fn a_made_up_quotation_is_caught() {
    let texts = texts();
    // Invented: the texts never give Warlord 2.0's army this way.
    let made_up = "The Warlord pages speak of 'about 25 pieces ... a handful of leaders'.";
    assert_eq!(problems(made_up, &texts).len(), 2, "both fragments: {:?}", problems(made_up, &texts));
    // A real passage, cut, quoted in both kinds of quote marks; the apostrophes of "player's"
    // are no quote marks.
    let real = "The player's rule: 'Stagger their setup, with alternating towns being closer to each player's side' and \"Spread about 7-8 forests and 7-8 hills ... across the middle 8 rows\".";
    assert_eq!(quotations(real).map(|q| q.len()), Ok(2));
    assert!(problems(real, &texts).is_empty(), "{:?}", problems(real, &texts));
    // An editorial insertion cuts a quotation as an omission does.
    assert_eq!(fragments("4 [cities] clumped ... in the middle"), ["4", "clumped", "in the middle"]);
    // Quote marks that do not pair up are reported, not skipped.
    assert_eq!(problems("the 'Lakes scenario", &texts).len(), 1);
}
