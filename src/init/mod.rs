//! Initialization mode (`-i`): the steps d, t, g, G, v, p and f.
