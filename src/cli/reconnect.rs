//! `--reconnect`, `--reconnect-backoff` and `--reconnect-timeout`: their
//! values as given, and the [`Reconnect`] policy they make; and
//! `--rate-profile`; with messages in C pgbench's style (exit status 1).

use super::Exit;
use super::values::parse_int_option;
use crate::config::Reconnect;
use crate::error::Error;
use crate::rate_profile::RateProfile;

/// `--rate-profile=T:RATE[~],...` (the option `name`).
pub(super) fn rate_profile(value: &str, name: &str) -> Result<RateProfile, Exit> {
    RateProfile::parse(value)
        .map_err(|e| Error::new(format!("invalid value \"{value}\" for option {name}: {e}")).into())
}

/// `-R` is the profile's first rate (everything but the schedule is as
/// under `-R`); the two options do not go together.
pub(super) fn profile_rate(delay_us: &mut f64, profile: Option<&RateProfile>) -> Result<(), Exit> {
    let Some(p) = profile else { return Ok(()) };
    if *delay_us > 0.0 {
        return Err(Error::new("--rate-profile and -R/--rate cannot be used together").into());
    }
    *delay_us = 1_000_000.0 / p.first_tps();
    Ok(())
}

/// The reconnection options as the command line gives them (their
/// entries in the table set them).
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Given {
    /// `--reconnect`.
    pub(super) on: bool,
    /// `--reconnect-backoff=MIN,MAX` in ms.
    pub(super) backoff_ms: Option<(i32, i32)>,
    /// `--reconnect-timeout=SECONDS`.
    pub(super) timeout_s: Option<i32>,
}

/// `--reconnect-backoff=MIN[,MAX]` (the option `name`): milliseconds,
/// 1 <= MIN <= MAX <= 60000 (MAX is MIN when absent).
pub(super) fn backoff(value: &str, name: &str) -> Result<(i32, i32), Exit> {
    let (min, max) = value.split_once(',').unwrap_or((value, value));
    let min = parse_int_option(min, name, 1, 60_000)?;
    let max = parse_int_option(max, name, 1, 60_000)?;
    if max < min {
        return Err(Error::new(format!(
            "{name} must be MIN,MAX with MIN <= MAX (not \"{value}\")"
        ))
        .into());
    }
    Ok((min, max))
}

/// The policy, after the other options: the limits need `--reconnect`.
pub(super) fn finish(g: Given) -> Result<Option<Reconnect>, Exit> {
    if !g.on {
        let limit = if g.backoff_ms.is_some() {
            Some("--reconnect-backoff")
        } else {
            g.timeout_s.map(|_| "--reconnect-timeout")
        };
        if let Some(name) = limit {
            return Err(Error::new(format!("{name} is allowed only with --reconnect")).into());
        }
        return Ok(None);
    }
    let mut r = Reconnect::default();
    if let Some((min, max)) = g.backoff_ms {
        r.min_backoff_us = i64::from(min) * 1000;
        r.max_backoff_us = i64::from(max) * 1000;
    }
    if let Some(t) = g.timeout_s {
        r.timeout_us = (t > 0).then(|| i64::from(t) * 1_000_000);
    }
    Ok(Some(r))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The policy of `--reconnect` (`on`) with a backoff and a timeout.
    fn given(
        on: bool,
        backoff: Option<&str>,
        timeout_s: Option<i32>,
    ) -> Result<Option<Reconnect>, Exit> {
        let backoff_ms = backoff.map(|v| super::backoff(v, "--reconnect-backoff")).transpose()?;
        finish(Given { on, backoff_ms, timeout_s })
    }

    #[test]
    fn policies() {
        assert_eq!(given(false, None, None).ok(), Some(None));
        assert_eq!(given(true, None, None).ok(), Some(Some(Reconnect::default())));
        let r = given(true, Some("5,200"), Some(0));
        let want = Reconnect { min_backoff_us: 5_000, max_backoff_us: 200_000, timeout_us: None };
        assert_eq!(r.ok(), Some(Some(want)));
        let r = given(true, Some("20"), None).ok().flatten();
        assert_eq!(r.map(|r| (r.min_backoff_us, r.max_backoff_us)), Some((20_000, 20_000)));
        for bad in ["", "0", "x", "5,", "10,5", "1,60001", "1,2,3"] {
            assert!(given(true, Some(bad), None).is_err(), "{bad}");
        }
        assert!(given(false, None, Some(5)).is_err(), "needs --reconnect");
        assert!(given(false, Some("5"), None).is_err(), "needs --reconnect");
    }
}
