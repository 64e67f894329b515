//! The `\if` stack of a client: fe_utils/conditional.c's `ConditionalStack`
//! and the transitions pgbench.c makes on it when it runs `\if`, `\elif`,
//! `\else` and `\endif` (`executeMetaCommand`) and when it skips the
//! commands of a false branch (`CSTATE_SKIP_COMMAND`). Pure.

/// The state of one `\if` level (conditional.c's `ifState`; an empty stack
/// is its `IFSTATE_NONE`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum IfState {
    /// In a true branch (`IFSTATE_TRUE`).
    True,
    /// In a false branch; a later `\elif` or `\else` may still be taken
    /// (`IFSTATE_FALSE`).
    False,
    /// A branch was already taken, or the whole `\if` is inside a skipped
    /// branch: skip to `\endif` (`IFSTATE_IGNORED`).
    Ignored,
    /// In the `\else` branch, taken (`IFSTATE_ELSE_TRUE`).
    ElseTrue,
    /// In the `\else` branch, skipped (`IFSTATE_ELSE_FALSE`).
    ElseFalse,
}

/// A conditional meta-command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Cond {
    /// `\if`
    If,
    /// `\elif`
    Elif,
    /// `\else`
    Else,
    /// `\endif`
    Endif,
}

/// What to do with a command met while skipping a false branch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum OnSkip {
    /// Run this command (an `\elif` whose condition must be evaluated).
    RunThis,
    /// Run the next command (the branch after an `\else`, or the commands
    /// after the `\endif` that closed the last false branch).
    RunNext,
    /// Skip this command too.
    KeepSkipping,
}

/// The stack (conditional.c's `ConditionalStack`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct CondStack(Vec<IfState>);

impl CondStack {
    /// `conditional_stack_peek`: the innermost state (None: `IFSTATE_NONE`).
    pub(crate) fn peek(&self) -> Option<IfState> {
        self.0.last().copied()
    }

    /// `conditional_active`: commands run (no `\if`, or a taken branch).
    #[inline]
    pub(crate) fn active(&self) -> bool {
        matches!(self.peek(), None | Some(IfState::True | IfState::ElseTrue))
    }

    /// `conditional_stack_reset`: after an error, the transaction starts
    /// over outside any `\if`.
    pub(crate) fn clear(&mut self) {
        self.0.clear();
    }

    /// `conditional_stack_poke`: replaces the innermost state.
    fn poke(&mut self, state: IfState) {
        if let Some(top) = self.0.last_mut() {
            *top = state;
        }
    }

    /// `\if` with its condition's value.
    pub(crate) fn on_if(&mut self, condition: bool) {
        self.0.push(if condition { IfState::True } else { IfState::False });
    }

    /// `\elif`, before its condition is evaluated: false when an earlier
    /// branch was taken (this one and the rest are then ignored, and the
    /// condition is not evaluated).
    pub(crate) fn elif_evaluates(&mut self) -> bool {
        if self.peek() == Some(IfState::True) {
            self.poke(IfState::Ignored);
            return false;
        }
        true
    }

    /// `\elif` with its condition's value.
    pub(crate) fn on_elif(&mut self, condition: bool) {
        self.poke(if condition { IfState::True } else { IfState::False });
    }

    /// `\else` met while running (the branch before it was taken).
    pub(crate) fn on_else(&mut self) {
        if self.peek() == Some(IfState::True) {
            self.poke(IfState::ElseFalse);
        }
    }

    /// `\endif` met while running.
    pub(crate) fn on_endif(&mut self) {
        self.0.pop();
    }

    /// `CSTATE_SKIP_COMMAND`: one command of a false branch; `cond` says
    /// which conditional it is, if it is one.
    pub(crate) fn skip(&mut self, cond: Option<Cond>) -> OnSkip {
        let Some(cond) = cond else { return OnSkip::KeepSkipping };
        match self.peek() {
            Some(IfState::False) => match cond {
                Cond::If => {
                    // A nested \if in a skipped branch: ignored as a whole.
                    self.0.push(IfState::Ignored);
                    OnSkip::KeepSkipping
                }
                Cond::Elif => OnSkip::RunThis,
                Cond::Else => {
                    self.poke(IfState::ElseTrue);
                    OnSkip::RunNext
                }
                Cond::Endif => self.pop_while_skipping(),
            },
            Some(IfState::Ignored | IfState::ElseFalse) => match cond {
                Cond::If => {
                    self.0.push(IfState::Ignored);
                    OnSkip::KeepSkipping
                }
                Cond::Endif => self.pop_while_skipping(),
                // An \elif or \else after a taken branch changes nothing.
                Cond::Elif | Cond::Else => OnSkip::KeepSkipping,
            },
            // Not skipping (cannot happen once the script passed its
            // \if-nesting check): run the command.
            None | Some(IfState::True | IfState::ElseTrue) => OnSkip::RunThis,
        }
    }

    /// An `\endif` while skipping: resume after it if the enclosing level
    /// runs.
    fn pop_while_skipping(&mut self) -> OnSkip {
        self.0.pop();
        if self.active() { OnSkip::RunNext } else { OnSkip::KeepSkipping }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Feeds a script's conditionals through the stack as a client runs
    /// them: evaluates `\if`/`\elif` conditions from `values` when the
    /// command runs, skips otherwise. Returns the indexes of the plain
    /// commands (None) that ran.
    fn run(script: &[Option<Cond>], values: &[bool]) -> Vec<usize> {
        let mut st = CondStack::default();
        let mut values = values.iter().copied();
        let mut ran = Vec::new();
        let mut i = 0;
        let mut skipping = false;
        while i < script.len() {
            if skipping {
                match st.skip(script[i]) {
                    OnSkip::RunThis => skipping = false,
                    OnSkip::RunNext => {
                        skipping = false;
                        i += 1;
                    }
                    OnSkip::KeepSkipping => i += 1,
                }
                continue;
            }
            match script[i] {
                None => ran.push(i),
                Some(Cond::If) => st.on_if(values.next().unwrap()),
                Some(Cond::Elif) => {
                    if st.elif_evaluates() {
                        st.on_elif(values.next().unwrap());
                    }
                }
                Some(Cond::Else) => st.on_else(),
                Some(Cond::Endif) => st.on_endif(),
            }
            i += 1;
            skipping = !st.active();
        }
        assert!(st.peek().is_none(), "unbalanced: {st:?}");
        ran
    }

    const IF: Option<Cond> = Some(Cond::If);
    const ELIF: Option<Cond> = Some(Cond::Elif);
    const ELSE: Option<Cond> = Some(Cond::Else);
    const ENDIF: Option<Cond> = Some(Cond::Endif);
    const CMD: Option<Cond> = None;

    #[test]
    fn the_first_true_branch_runs_and_no_other() {
        // \if a  0  \elif b  2  \elif c  4  \else  6  \endif  8
        let s = [IF, CMD, ELIF, CMD, ELIF, CMD, ELSE, CMD, ENDIF, CMD];
        assert_eq!(run(&s, &[true]), vec![1, 9]);
        assert_eq!(run(&s, &[false, true]), vec![3, 9]);
        assert_eq!(run(&s, &[false, false, true]), vec![5, 9]);
        assert_eq!(run(&s, &[false, false, false]), vec![7, 9]);
    }

    #[test]
    fn an_if_inside_a_skipped_branch_is_ignored_whole() {
        // \if f  \if x  2  \else  4  \endif  \else  7  \endif
        let s = [IF, IF, CMD, ELSE, CMD, ENDIF, ELSE, CMD, ENDIF];
        // Only the outer condition is evaluated.
        assert_eq!(run(&s, &[false]), vec![7]);
        assert_eq!(run(&s, &[true, false]), vec![4]);
        assert_eq!(run(&s, &[true, true]), vec![2]);
    }

    #[test]
    fn skipping_resumes_after_the_endif_of_the_false_branch() {
        let s = [CMD, IF, CMD, CMD, ENDIF, CMD, IF, CMD, ENDIF];
        assert_eq!(run(&s, &[false, false]), vec![0, 5]);
        assert_eq!(run(&s, &[false, true]), vec![0, 5, 7]);
    }

    #[test]
    fn an_elif_after_a_taken_branch_is_not_evaluated() {
        let mut st = CondStack::default();
        st.on_if(true);
        assert!(!st.elif_evaluates());
        assert_eq!(st.peek(), Some(IfState::Ignored));
        assert!(!st.active());
        // The rest of the chain is skipped.
        assert_eq!(st.skip(ELIF), OnSkip::KeepSkipping);
        assert_eq!(st.skip(ELSE), OnSkip::KeepSkipping);
        assert_eq!(st.skip(CMD), OnSkip::KeepSkipping);
        assert_eq!(st.skip(ENDIF), OnSkip::RunNext);
        assert!(st.active());
    }

    #[test]
    fn active_and_clear() {
        let mut st = CondStack::default();
        assert!(st.active());
        st.on_if(false);
        assert!(!st.active());
        assert_eq!(st.skip(ELSE), OnSkip::RunNext);
        assert_eq!(st.peek(), Some(IfState::ElseTrue));
        assert!(st.active());
        st.on_if(true);
        st.on_else();
        assert_eq!(st.peek(), Some(IfState::ElseFalse));
        st.clear();
        assert!(st.active());
        assert_eq!(st.peek(), None);
    }

    #[test]
    fn a_command_when_not_skipping_runs() {
        let mut st = CondStack::default();
        assert_eq!(st.skip(ENDIF), OnSkip::RunThis);
        st.on_if(true);
        assert_eq!(st.skip(CMD), OnSkip::KeepSkipping);
        assert_eq!(st.skip(ELSE), OnSkip::RunThis);
    }
}
