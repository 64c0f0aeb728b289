//! The names the browser files are published under. `scripts/build-site` puts a hash of each
//! file's content into its name and lists the names in `assets.txt` at the site root; the
//! server reads that list once and the pages link those names, so a browser may keep every
//! file under `/pkg` for a year and still gets a new one after each build.

/// The published name of each browser file (without `/pkg/`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AssetNames {
    /// Every island (dashboard and login): `<name>.js` and `<name>_bg.wasm`.
    pub dashboard: String,
    /// The public pages' islands only.
    pub public: String,
    /// The stylesheet's file name.
    pub stylesheet: String,
}

impl Default for AssetNames {
    /// The names a build without `assets.txt` has (the API tests run without a site).
    fn default() -> Self {
        AssetNames {
            dashboard: super::OUTPUT_NAME.into(),
            public: super::PUBLIC_OUTPUT_NAME.into(),
            stylesheet: "slotbook.css".into(),
        }
    }
}

impl AssetNames {
    /// Reads `assets.txt` (`<bundle> <published name>` per line); the plain names where it is
    /// missing or names nothing.
    pub fn parse(list: &str) -> AssetNames {
        let mut names = AssetNames::default();
        for line in list.lines() {
            let Some((logical, published)) = line.trim().split_once(' ') else {
                continue;
            };
            let published = published.trim().to_string();
            match logical {
                "slotbook" => names.dashboard = published,
                "slotbook-public" => names.public = published,
                "slotbook.css" => names.stylesheet = published,
                _ => {}
            }
        }
        names
    }

    /// The list at `site_root/assets.txt`, or the plain names when there is none.
    #[cfg(feature = "ssr")]
    pub fn read(site_root: &std::path::Path) -> AssetNames {
        std::fs::read_to_string(site_root.join("assets.txt"))
            .map(|list| AssetNames::parse(&list))
            .unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn published_names_come_from_the_list_and_default_to_the_plain_ones() {
        let names = AssetNames::parse(
            "slotbook slotbook.0123456789abcdef\nslotbook.css slotbook.fedcba9876543210.css\n",
        );
        assert_eq!(names.dashboard, "slotbook.0123456789abcdef");
        assert_eq!(names.stylesheet, "slotbook.fedcba9876543210.css");
        assert_eq!(
            names.public, "slotbook-public",
            "not listed: the plain name"
        );
        assert_eq!(AssetNames::parse("nonsense"), AssetNames::default());
    }
}
