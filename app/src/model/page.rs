//! The paginated collection of the spec's conventions.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct Page<T> {
    pub current_page: i64,
    pub data: Vec<T>,
    pub total: i64,
    pub per_page: i64,
    pub last_page: i64,
    /// 1-based position of the first item, null when the page is empty.
    pub from: Option<i64>,
    pub to: Option<i64>,
}

impl<T> Page<T> {
    pub fn new(data: Vec<T>, total: i64, current_page: i64, per_page: i64) -> Page<T> {
        let last_page = ((total + per_page - 1) / per_page).max(1);
        let first = (current_page - 1) * per_page + 1;
        let (from, to) = if data.is_empty() {
            (None, None)
        } else {
            (Some(first), Some(first + data.len() as i64 - 1))
        };
        Page {
            current_page,
            data,
            total,
            per_page,
            last_page,
            from,
            to,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn last_page_rounds_up_and_is_at_least_one() {
        assert_eq!(Page::new(vec![1, 2], 17, 2, 15).last_page, 2);
        assert_eq!(Page::<i32>::new(vec![], 0, 1, 15).last_page, 1);
        let page = Page::new(vec![1, 2], 17, 2, 15);
        assert_eq!((page.from, page.to), (Some(16), Some(17)));
    }
}
