//! Booking status transitions (DESIGN 4): pending -> scheduled | rejected | cancelled;
//! scheduled -> cancelled | completed | no_show; completed <-> no_show. Cancelled and rejected
//! are final.

use super::values::BookingStatus::{
    self, Cancelled, Completed, NoShow, Pending, Rejected, Scheduled,
};

/// Whether a booking may move from `from` to `to`.
pub fn allowed(from: BookingStatus, to: BookingStatus) -> bool {
    matches!(
        (from, to),
        (Pending, Scheduled | Rejected | Cancelled)
            | (Scheduled, Cancelled | Completed | NoShow)
            | (Completed, NoShow)
            | (NoShow, Completed)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exactly_the_design_moves_are_allowed() {
        let expected = [
            (Pending, Scheduled),
            (Pending, Rejected),
            (Pending, Cancelled),
            (Scheduled, Cancelled),
            (Scheduled, Completed),
            (Scheduled, NoShow),
            (Completed, NoShow),
            (NoShow, Completed),
        ];
        for &from in BookingStatus::ALL {
            for &to in BookingStatus::ALL {
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
            BookingStatus::ALL
                .iter()
                .all(|&to| !allowed(Cancelled, to) && !allowed(Rejected, to))
        );
    }
}
