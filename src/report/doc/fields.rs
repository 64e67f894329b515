//! A field of a document that is not what it should be ([`BadField`]):
//! its path and what is wrong with it, as the messages about documents
//! from elsewhere name them.

use serde_json::Value;

/// A field that is missing, not of the expected type, or out of its
/// range: its path (`totals.transactions`) and what is wrong with it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct BadField {
    /// Where in the document.
    pub(crate) field: String,
    /// What is wrong (`expected an integer, found "x"`).
    pub(crate) problem: String,
}

impl BadField {
    /// `field` is not what it should be.
    pub(crate) fn new(field: impl Into<String>, problem: impl Into<String>) -> Self {
        BadField { field: field.into(), problem: problem.into() }
    }

    /// `field` holds `found` where `expected` should be.
    pub(crate) fn expected(field: impl Into<String>, expected: &str, found: &Value) -> Self {
        BadField::new(field, format!("expected {expected}, found {}", shown(found)))
    }

    /// The message about the document in `file`.
    pub(crate) fn in_file(&self, file: &str) -> String {
        format!("\"{file}\": {}: {}", self.field, self.problem)
    }
}

/// A value as a message names it: a number or a boolean as written, a
/// text, a list or an object by its kind, null as nothing.
pub(crate) fn shown(v: &Value) -> String {
    match v {
        Value::Null => "nothing".into(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => n.to_string(),
        Value::String(_) => "a text".into(),
        Value::Array(_) => "a list".into(),
        Value::Object(_) => "an object".into(),
    }
}
