//! Booking status transitions (DESIGN 4): pending -> scheduled | rejected | cancelled;
//! scheduled -> cancelled | completed | no_show; completed <-> no_show. Cancelled and rejected
//! are final.

/// Whether a booking may move from `from` to `to`.
pub fn allowed(from: &str, to: &str) -> bool {
    matches!(
        (from, to),
        ("pending", "scheduled" | "rejected" | "cancelled")
            | ("scheduled", "cancelled" | "completed" | "no_show")
            | ("completed", "no_show")
            | ("no_show", "completed")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    const ALL: [&str; 6] = [
        "scheduled",
        "pending",
        "cancelled",
        "completed",
        "rejected",
        "no_show",
    ];

    #[test]
    fn exactly_the_design_moves_are_allowed() {
        let expected = [
            ("pending", "scheduled"),
            ("pending", "rejected"),
            ("pending", "cancelled"),
            ("scheduled", "cancelled"),
            ("scheduled", "completed"),
            ("scheduled", "no_show"),
            ("completed", "no_show"),
            ("no_show", "completed"),
        ];
        for from in ALL {
            for to in ALL {
                assert_eq!(
                    allowed(from, to),
                    expected.contains(&(from, to)),
                    "{from} -> {to}"
                );
            }
        }
    }

    #[test]
    fn cancelled_and_rejected_are_final() {
        assert!(
            ALL.iter()
                .all(|to| !allowed("cancelled", to) && !allowed("rejected", to))
        );
    }
}
