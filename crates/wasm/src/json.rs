//! The few JSON texts the module writes by hand (the search's answers; the board's come from serde).

/// The error answer `{"error": message}`.
pub(crate) fn error(message: &str) -> String {
    format!(r#"{{"error":{}}}"#, quoted(message))
}

/// At most 40 characters of `text`, for an error message.
pub(crate) fn short(text: &str) -> String {
    text.chars().take(40).collect()
}

/// `text` as a JSON string.
pub(crate) fn quoted(text: &str) -> String {
    serde_json::Value::String(text.to_string()).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_are_escaped() {
        assert_eq!(quoted("a\"b\\c\n"), r#""a\"b\\c\n""#);
        assert_eq!(error("x"), r#"{"error":"x"}"#);
    }
}
