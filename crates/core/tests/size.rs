//! The memory floor: a Position without history fits in 64 bytes so search can copy it.

#[test]
fn position_fits_in_64_bytes() {
    assert!(std::mem::size_of::<hasami_core::HasamiPosition>() <= 64);
    assert_eq!(std::mem::size_of::<hasami_core::Move>(), 2);
}
