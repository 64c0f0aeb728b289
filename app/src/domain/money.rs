//! Money as integers: amounts are minor units (cents) of a currency with a known number of
//! decimals. Prices typed as decimal text ("19.99") are read exactly, never through floats.

/// How an amount is written (the global payment settings).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoneyFormat<'a> {
    /// `$`, `€`, … or the currency code.
    pub sign: &'a str,
    /// `left`, `left_space`, `right` or `right_space`.
    pub position: &'a str,
    /// `comma_separated` (1,234.56) or `dot_separated` (1.234,56).
    pub number_format: &'a str,
    /// The currency's minor unit (2 for USD, 0 for JPY).
    pub decimals: u16,
}

/// `text` (digits with at most `decimals` decimal places, such as "100", "19.9" or "19.99")
/// in minor units; `None` for anything else, negative amounts and more than a billion.
pub fn parse_amount(text: &str, decimals: u16) -> Option<i64> {
    let text = text.trim();
    let (whole, fraction) = match text.split_once('.') {
        Some((w, f)) => (w, f),
        None => (text, ""),
    };
    let all_digits = |s: &str| s.chars().all(|c| c.is_ascii_digit());
    if whole.is_empty() || !all_digits(whole) || !all_digits(fraction) {
        return None;
    }
    // Trailing zeros beyond the minor unit are harmless ("1.500" is 1.50).
    let fraction = fraction.trim_end_matches('0');
    if fraction.len() > usize::from(decimals) || whole.len() > 10 {
        return None;
    }
    let scale = 10_i64.checked_pow(u32::from(decimals))?;
    let whole: i64 = whole.parse().ok()?;
    let mut padded = fraction.to_string();
    while padded.len() < usize::from(decimals) {
        padded.push('0');
    }
    let minor: i64 = if padded.is_empty() {
        0
    } else {
        padded.parse().ok()?
    };
    let amount = whole.checked_mul(scale)?.checked_add(minor)?;
    (amount <= 1_000_000_000 * scale).then_some(amount)
}

/// `minor` units as a plain decimal with the currency's places ("40.50"), as forms show it.
pub fn plain_amount(minor: i64, decimals: u16) -> String {
    format_amount(
        minor,
        &MoneyFormat {
            sign: "",
            position: "left",
            number_format: "plain",
            decimals,
        },
    )
    .replace(',', "")
}

/// `minor` units written as the settings say: "$1,234.56", "1.234,56 €", ….
pub fn format_amount(minor: i64, format: &MoneyFormat<'_>) -> String {
    let scale = 10_i64.pow(u32::from(format.decimals));
    let sign = if minor < 0 { "-" } else { "" };
    let minor = minor.unsigned_abs();
    let scale = scale.unsigned_abs();
    let (whole, fraction) = (minor / scale, minor % scale);
    let (group, point) = if format.number_format == "dot_separated" {
        ('.', ',')
    } else {
        (',', '.')
    };
    let digits = whole.to_string();
    let mut grouped = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            grouped.push(group);
        }
        grouped.push(c);
    }
    let number = if format.decimals == 0 {
        grouped
    } else {
        format!(
            "{grouped}{point}{fraction:0width$}",
            width = usize::from(format.decimals)
        )
    };
    match format.position {
        "right" => format!("{sign}{number}{}", format.sign),
        "right_space" => format!("{sign}{number} {}", format.sign),
        "left_space" => format!("{sign}{} {number}", format.sign),
        _ => format!("{sign}{}{number}", format.sign),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimal_text_is_read_exactly() {
        assert_eq!(parse_amount("100", 2), Some(10_000));
        assert_eq!(parse_amount("19.99", 2), Some(1999));
        assert_eq!(parse_amount("19.9", 2), Some(1990));
        assert_eq!(parse_amount("0.1", 2), Some(10));
        assert_eq!(parse_amount("1.500", 2), Some(150));
        assert_eq!(parse_amount("5000", 0), Some(5000));
        for bad in ["", "-1", "1.999", "1,5", "abc", "1e3", ".5", "12345678901"] {
            assert_eq!(parse_amount(bad, 2), None, "{bad}");
        }
        assert_eq!(parse_amount("1.5", 0), None, "yen have no cents");
    }

    #[test]
    fn amounts_are_written_per_the_settings() {
        let usd = MoneyFormat {
            sign: "$",
            position: "left",
            number_format: "comma_separated",
            decimals: 2,
        };
        assert_eq!(format_amount(123_456, &usd), "$1,234.56");
        assert_eq!(format_amount(5, &usd), "$0.05");
        assert_eq!(format_amount(-1999, &usd), "-$19.99");
        let eur = MoneyFormat {
            sign: "€",
            position: "right_space",
            number_format: "dot_separated",
            decimals: 2,
        };
        assert_eq!(format_amount(123_456_789, &eur), "1.234.567,89 €");
        let yen = MoneyFormat {
            sign: "¥",
            position: "left_space",
            number_format: "comma_separated",
            decimals: 0,
        };
        assert_eq!(format_amount(5000, &yen), "¥ 5,000");
        assert_eq!(plain_amount(4050, 2), "40.50");
        assert_eq!(plain_amount(123_456, 2), "1234.56");
    }
}
