//! The statistics against reference values scipy computed
//! (`mwu_reference.txt`, written by tests/tools/mwu_reference.py).

use super::*;

/// A case of the reference file: x, y, U1, the p-value, the method.
type Case = (Vec<f64>, Vec<f64>, f64, f64, Method);

/// The cases of the reference file.
fn reference() -> Vec<Case> {
    let text = include_str!("mwu_reference.txt");
    let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    let nums = |l: &str| -> Vec<f64> { l.split(' ').map(|v| v.parse().unwrap()).collect() };
    lines
        .chunks(3)
        .map(|c| {
            let r: Vec<&str> = c[2].split(' ').collect();
            let method = match r[2] {
                "exact" => Method::Exact,
                _ => Method::Asymptotic,
            };
            (nums(c[0]), nums(c[1]), r[0].parse().unwrap(), r[1].parse().unwrap(), method)
        })
        .collect()
}

#[test]
fn p_values_are_scipys() {
    let cases = reference();
    assert_eq!(cases.len(), 67);
    let exact = cases.iter().filter(|c| c.4 == Method::Exact).count();
    assert!(exact >= 20 && exact < cases.len() - 20, "{exact} exact cases");
    for (x, y, u1, p, method) in &cases {
        let r = mann_whitney(x, y).unwrap();
        assert_eq!(r.u1, *u1, "{x:?} {y:?}");
        assert_eq!(r.method, *method, "{x:?} {y:?}");
        assert!((r.p_value - p).abs() < 1e-9, "{x:?} {y:?}: {} against {p}", r.p_value);
    }
}

#[test]
fn exact_distribution() {
    // Every one of x above every one of y: U = 25 of 25; P = 2/C(10,5).
    let r = mann_whitney(&[6.0, 7.0, 8.0, 9.0, 10.0], &[1.0, 2.0, 3.0, 4.0, 5.0]).unwrap();
    assert_eq!((r.u1, r.method), (25.0, Method::Exact));
    assert!((r.p_value - 2.0 / 252.0).abs() < 1e-15);
    // P(U >= 0) is 1; the distribution of U for 2 and 2 is 1,1,2,1,1.
    assert_eq!(exact_sf(2, 2, 0), 1.0);
    assert!((exact_sf(2, 2, 3) - 2.0 / 6.0).abs() < 1e-15);
    assert!((exact_sf(2, 2, 2) - 4.0 / 6.0).abs() < 1e-15);
    assert_eq!(mann_whitney(&[], &[1.0]), None);
}

#[test]
fn normal_tail() {
    assert!((normal_sf(0.0) - 0.5).abs() < 1e-16);
    assert!((normal_sf(1.959_963_984_540_054) - 0.025).abs() < 1e-15);
    assert!((normal_sf(-1.0) - 0.841_344_746_068_542_9).abs() < 1e-15);
    assert!((normal_sf(3.0) - 0.001_349_898_031_630_094_6).abs() < 1e-15);
    assert!((normal_sf(6.0) - 9.865_876_450_376_98e-10).abs() < 1e-20);
}

#[test]
fn medians_and_sample_sizes() {
    assert_eq!(median(&[3.0, 1.0, 2.0]), Some(2.0));
    assert_eq!(median(&[4.0, 1.0, 3.0, 2.0]), Some(2.5));
    assert_eq!(median(&[]), None);
    // 2/C(6,3) = 0.1, 2/C(7,3) = 0.057, 2/C(8,4) = 0.029, 2/C(6,1) = 0.33.
    assert!(too_few(3, 3));
    assert!(too_few(3, 4));
    assert!(!too_few(4, 4));
    assert!(!too_few(3, 5));
    assert!(too_few(1, 30));
    assert!(!too_few(2, 60));
    assert!(too_few(0, 5));
}

#[test]
fn shift_intervals() {
    // 5 and 5: N = 25, C = floor(12.5 - 1.96 * sqrt(25 * 11 / 12)) = 3.
    let x = [10.0, 11.0, 12.0, 13.0, 14.0];
    let y = [20.0, 21.0, 22.0, 23.0, 24.0];
    // The differences run from 6 to 14: 6 once, 7 twice, 8 three times...
    assert_eq!(shift_interval(&x, &y), Some((10.0, 7.0, 13.0)));
    // Too small for 95%: the range of the differences.
    assert_eq!(shift_interval(&[1.0, 2.0], &[4.0, 8.0]), Some((4.5, 2.0, 7.0)));
    assert_eq!(shift_interval(&[], &[1.0]), None);
}
