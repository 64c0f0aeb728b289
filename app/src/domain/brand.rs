//! The site's brand colour on the public pages: the accent of buttons, chosen days and links.
//! A colour a host picks may be too light for white text, so the page uses the nearest darker
//! shade that keeps WCAG AA contrast (4.5:1) with white, and a darker one for hover.

/// `#rrggbb` as its three channels.
pub fn parse_hex(color: &str) -> Option<[u8; 3]> {
    let hex = color.trim().strip_prefix('#')?;
    if hex.len() != 6 || !hex.chars().all(|c| c.is_ascii_hexdigit()) {
        return None;
    }
    let channel = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).ok();
    Some([channel(0)?, channel(2)?, channel(4)?])
}

fn to_hex([r, g, b]: [u8; 3]) -> String {
    format!("#{r:02x}{g:02x}{b:02x}")
}

/// WCAG relative luminance.
fn luminance(rgb: [u8; 3]) -> f64 {
    let linear = |c: u8| {
        let c = f64::from(c) / 255.0;
        if c <= 0.039_28 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * linear(rgb[0]) + 0.7152 * linear(rgb[1]) + 0.0722 * linear(rgb[2])
}

/// Contrast of `rgb` with white.
pub fn contrast_with_white(rgb: [u8; 3]) -> f64 {
    1.05 / (luminance(rgb) + 0.05)
}

/// `rgb` mixed with black by `share` (0 = as is, 1 = black).
fn darker(rgb: [u8; 3], share: f64) -> [u8; 3] {
    rgb.map(|c| (f64::from(c) * (1.0 - share)).round() as u8)
}

/// The accent and its hover shade for `color`: the colour itself when white text on it is
/// readable, else the first darker shade that is (in 5 % steps).
pub fn accent(color: &str) -> Option<(String, String)> {
    let rgb = parse_hex(color)?;
    let readable = (0..=20)
        .map(|step| darker(rgb, f64::from(step) * 0.05))
        .find(|shade| contrast_with_white(*shade) >= 4.5)
        .unwrap_or([0, 0, 0]);
    Some((to_hex(readable), to_hex(darker(readable, 0.15))))
}

/// The inline style that makes the public pages use `color` for their accent (the pages'
/// accent classes read Tailwind's `--color-sky-700` and `--color-sky-800`). Empty when
/// `color` is not `#rrggbb`.
pub fn accent_style(color: &str) -> String {
    accent(color).map_or_else(String::new, |(main, hover)| {
        format!("--color-sky-700:{main};--color-sky-800:{hover};")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_dark_colour_is_kept_and_a_light_one_darkened_until_white_text_reads() {
        let (main, _) = accent("#7a1fa2").expect("a colour");
        assert_eq!(main, "#7a1fa2");
        let (main, hover) = accent("#ffd400").expect("a colour");
        let rgb = parse_hex(&main).expect("hex");
        assert!(contrast_with_white(rgb) >= 4.5, "{main}");
        assert!(contrast_with_white(parse_hex("#ffd400").expect("hex")) < 4.5);
        assert_ne!(main, hover);
        assert_eq!(accent("red"), None);
        assert_eq!(accent_style("#12345"), "");
        assert!(accent_style("#003366").starts_with("--color-sky-700:#003366;"));
    }
}
