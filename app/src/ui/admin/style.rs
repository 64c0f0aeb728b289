//! Class lists the setup pages share, so a form looks the same on every page.

pub const CARD: &str = "rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-700 dark:bg-slate-900";
pub const FIELD: &str = "mt-1 block min-h-10 w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-sm dark:border-slate-600 dark:bg-slate-950 dark:[color-scheme:dark]";
pub const BUTTON: &str = "inline-flex min-h-10 items-center rounded-md border border-slate-400 px-3 text-sm font-medium hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-50 dark:border-slate-600 dark:hover:bg-slate-800";
pub const PRIMARY: &str = "inline-flex min-h-10 items-center rounded-md bg-sky-700 px-4 text-sm font-semibold text-white hover:bg-sky-800";
pub const ERROR: &str = "mt-1 text-sm font-medium text-red-800 dark:text-red-300";
/// The "Saved." line after a save.
pub const SAVED: &str = "mt-3 rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100";
/// The `role="alert"` summary of a refused form.
pub const ALERT: &str =
    "mt-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-900 dark:bg-red-950 dark:text-red-100";
