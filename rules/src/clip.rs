//! Bounding outside input quoted in messages, so that an error about a huge input stays small.

/// At most `max` characters of `text`, with `...` when something was cut.
#[must_use]
pub fn clip(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        Some((i, _)) => format!("{}...", &text[..i]),
        None => text.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::clip;

    #[test]
    fn long_text_is_cut_at_a_character_boundary() {
        assert_eq!(clip("abc", 5), "abc");
        assert_eq!(clip("abcdef", 3), "abc...");
        assert_eq!(clip("ééééé", 2), "éé...");
    }
}
