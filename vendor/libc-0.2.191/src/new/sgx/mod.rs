//! Fortanix SGX.
