//! The `slotbook` command line (DESIGN 2.1). Parses arguments and calls the library.

use app::service::operations;
use clap::{Parser, Subcommand};
use slotbook::config::{Config, database_url_from_env};
use slotbook::{Application, shutdown_signal};
use std::io::Write;

#[derive(Parser)]
#[command(name = "slotbook", version, about = "Appointment booking service")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Migrate the database, then serve the dashboard, booking pages and REST API.
    Serve {
        #[arg(long)]
        bind: Option<String>,
        #[arg(long)]
        database_url: Option<String>,
    },
    /// Apply the database migrations and exit.
    Migrate {
        #[arg(long)]
        database_url: Option<String>,
    },
    /// Manage users.
    User {
        #[command(subcommand)]
        action: UserAction,
    },
    /// Manage application passwords (for HTTP Basic on the REST API).
    AppPassword {
        #[command(subcommand)]
        action: AppPasswordAction,
    },
    /// Fill an empty database with demo users, calendars, events and bookings.
    Demo {
        #[arg(long)]
        database_url: Option<String>,
    },
    /// Copy the database to FILE while servers keep writing (a SQLite database, or for
    /// PostgreSQL one file read in one snapshot).
    Backup {
        file: std::path::PathBuf,
        #[arg(long)]
        database_url: Option<String>,
    },
    /// Load a backup into an empty database of the backend it came from, then migrate it.
    Restore {
        file: std::path::PathBuf,
        #[arg(long)]
        database_url: Option<String>,
    },
    /// Write all data but sessions to FILE, backend-neutral (docs/operations.md).
    Export {
        file: std::path::PathBuf,
        #[arg(long)]
        database_url: Option<String>,
    },
    /// Load an export into an empty database of either backend.
    Import {
        file: std::path::PathBuf,
        #[arg(long)]
        database_url: Option<String>,
    },
    /// With every `serve` stopped: seal every sealed value again under SLOTBOOK_NEW_SECRET_KEY
    /// (then written to SLOTBOOK_SECRET_KEY_FILE when the key lives there); prints
    /// {"resealed":N}.
    RotateKey {
        #[arg(long)]
        database_url: Option<String>,
    },
}

#[derive(Subcommand)]
enum UserAction {
    /// Create a user; prints {"id":N,"login":"L"}.
    Add {
        #[arg(long)]
        login: String,
        #[arg(long)]
        email: String,
        #[arg(long)]
        name: String,
        #[arg(long, default_value = "host")]
        role: String,
        #[arg(long)]
        password: Option<String>,
        #[arg(long)]
        database_url: Option<String>,
    },
}

#[derive(Subcommand)]
enum AppPasswordAction {
    /// Create an application password and print it (shown once, stored hashed).
    Add {
        #[arg(long)]
        login: String,
        #[arg(long, default_value = "cli")]
        name: String,
        #[arg(long)]
        database_url: Option<String>,
    },
}

fn main() -> std::process::ExitCode {
    cap_malloc_arenas();
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(err) => {
            eprintln!("error: cannot start the async runtime: {err}");
            return std::process::ExitCode::FAILURE;
        }
    };
    runtime.block_on(async_main())
}

/// glibc gives each thread that allocates an arena of its own (up to eight per core), and each
/// keeps its high-water mark: with the runtime's workers and one thread per SQLite connection,
/// that was most of the server's growth in the hour-long soak (BENCHMARKS.md, "Soak"). Two
/// arenas keep RSS near the live data; `MALLOC_ARENA_MAX` in the environment still wins.
/// Called before any thread starts.
fn cap_malloc_arenas() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    if std::env::var_os("MALLOC_ARENA_MAX").is_none() {
        // SAFETY: mallopt only sets an allocator parameter; no other thread exists yet.
        unsafe {
            libc::mallopt(libc::M_ARENA_MAX, 2);
        }
    }
    // glibc raises its mmap threshold each time a large block is freed (up to 32 MiB), after
    // which large buffers (pages, JSON bodies, query results) come from the arenas and keep
    // them grown. A fixed threshold keeps such buffers in their own mappings, returned on free.
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    if std::env::var_os("MALLOC_MMAP_THRESHOLD_").is_none() {
        // SAFETY: as above.
        unsafe {
            libc::mallopt(libc::M_MMAP_THRESHOLD, 128 * 1024);
        }
    }
}

/// Once a minute, hands the arenas' free pages back to the system (`malloc_trim`, which also
/// releases free pages inside the heap, not only at its top): a burst's peak does not stay in
/// the server's RSS for good (BENCHMARKS.md, "Soak"). Like the fixed mmap threshold, it is
/// left out when `MALLOC_MMAP_THRESHOLD_` tunes glibc from the environment.
async fn trim_heap_every_minute() {
    loop {
        tokio::time::sleep(std::time::Duration::from_secs(60)).await;
        #[cfg(all(target_os = "linux", target_env = "gnu"))]
        // SAFETY: malloc_trim only releases memory the allocator holds free.
        unsafe {
            libc::malloc_trim(0);
        }
    }
}

/// How stderr lines look (`SLOTBOOK_LOG_FORMAT`): `text` for people, `json` for collectors.
#[derive(Clone, Copy, PartialEq)]
enum LogFormat {
    Text,
    Json,
}

fn log_format() -> Result<LogFormat, String> {
    match std::env::var("SLOTBOOK_LOG_FORMAT") {
        Err(_) => Ok(LogFormat::Text),
        Ok(v) => match v.trim() {
            "" | "text" => Ok(LogFormat::Text),
            "json" => Ok(LogFormat::Json),
            other => Err(format!(
                "SLOTBOOK_LOG_FORMAT must be text or json, not {other:?}"
            )),
        },
    }
}

/// Every stderr line from here on goes through `tracing`: in JSON, one object per line with
/// the event's fields at the top level (and the request's id in `span`). Lines are handed to a
/// writer thread (each request logs one: written in the request's own thread, that cost about a
/// tenth of the slot list's throughput); none is dropped, and the returned guard flushes them
/// when the command ends.
fn init_logs(format: LogFormat) -> tracing_appender::non_blocking::WorkerGuard {
    let (writer, guard) = tracing_appender::non_blocking::NonBlockingBuilder::default()
        .lossy(false)
        .thread_name("slotbook-log")
        .finish(std::io::stderr());
    let filter = tracing_subscriber::EnvFilter::try_from_env("SLOTBOOK_LOG")
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info,sqlx=warn"));
    // Colours only for a person at a terminal, never in a journal or a file.
    let logs = tracing_subscriber::fmt()
        .with_writer(writer)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .with_env_filter(filter);
    match format {
        LogFormat::Text => logs.init(),
        LogFormat::Json => logs
            .json()
            .flatten_event(true)
            .with_current_span(true)
            .with_span_list(false)
            .init(),
    }
    guard
}

/// A line for the person who started the command: plain on stderr, or a log event in JSON.
fn tell(format: LogFormat, line: &str) {
    match format {
        LogFormat::Text => eprintln!("{line}"),
        LogFormat::Json => tracing::info!("{line}"),
    }
}

async fn async_main() -> std::process::ExitCode {
    let format = match log_format() {
        Ok(format) => format,
        Err(why) => {
            eprintln!("error: {why}");
            return std::process::ExitCode::FAILURE;
        }
    };
    let logs = init_logs(format);
    let code = match run(Cli::parse().command, format).await {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(err) => {
            match format {
                LogFormat::Text => eprintln!("error: {err:#}"),
                LogFormat::Json => tracing::error!("error: {err:#}"),
            }
            std::process::ExitCode::FAILURE
        }
    };
    // Every line logged so far is written before the process ends.
    drop(logs);
    code
}

/// The database, migrated (without the secret key: attendee data is neither read nor written).
async fn store(database_url: Option<String>) -> anyhow::Result<app::service::Store> {
    let url = database_url.unwrap_or_else(database_url_from_env);
    let store = app::service::Store::connect(&url).await?;
    store.migrate().await?;
    Ok(store)
}

/// [`store`] with the secret key's keys, for a command that reads or writes attendee data:
/// refused when the database was sealed with another key.
async fn sealing_store(database_url: Option<String>) -> anyhow::Result<app::service::Store> {
    let store = store(database_url).await?;
    let secrets = secret_key()?;
    operations::check_key(&store, &secrets).await?;
    store.seal_with(secrets.keys());
    Ok(store)
}

async fn run(command: Command, format: LogFormat) -> anyhow::Result<()> {
    match command {
        Command::Serve { bind, database_url } => serve(bind, database_url, format).await?,
        Command::Migrate { database_url } => {
            let store = store(database_url).await?;
            operations::seal_on_migrate(&store, &secret_key()?).await?;
            tell(format, "migrations applied");
        }
        Command::User {
            action:
                UserAction::Add {
                    login,
                    email,
                    name,
                    role,
                    password,
                    database_url,
                },
        } => {
            let store = store(database_url).await?;
            let input = app::service::users::CreateUser {
                login: login.clone(),
                email,
                name,
                role,
                password: password.clone(),
            };
            let (id, generated) = app::service::users::create_user(&store, input, None)
                .await
                .map_err(describe)?;
            println!("{}", serde_json::json!({"id": id, "login": login}));
            if password.is_none() {
                tell(format, &format!("password: {generated}"));
            }
        }
        Command::AppPassword {
            action:
                AppPasswordAction::Add {
                    login,
                    name,
                    database_url,
                },
        } => {
            let store = store(database_url).await?;
            let user = app::service::users::caller_by_login(&store, &login)
                .await
                .map_err(describe)?
                .ok_or_else(|| anyhow::anyhow!("no user with login '{login}'"))?;
            let (_, secret) = app::service::app_passwords::create_for(
                &store,
                user.id(),
                &user.user.login,
                &name,
                None,
            )
            .await
            .map_err(describe)?;
            println!("{secret}");
        }
        Command::Backup { .. }
        | Command::Restore { .. }
        | Command::Export { .. }
        | Command::Import { .. } => whole_database(command).await?,
        Command::RotateKey { database_url } => rotate_key(database_url).await?,
        Command::Demo { database_url } => {
            let store = sealing_store(database_url).await?;
            let public_url = Config::from_env()?
                .public_url
                .unwrap_or_else(|| format!("http://{}", slotbook::config::DEFAULT_BIND));
            slotbook::demo::fill(&store, &public_url).await?;
        }
    }
    Ok(())
}

/// `slotbook serve`: the first administrator on an empty database, then requests until a stop
/// signal.
async fn serve(
    bind: Option<String>,
    database_url: Option<String>,
    format: LogFormat,
) -> anyhow::Result<()> {
    let mut config = Config::from_env()?;
    if let Some(bind) = bind {
        config.bind = bind;
    }
    if let Some(url) = database_url {
        config.database_url = url;
    }
    let preset = config.admin_password.clone();
    let application = Application::build(config).await?;
    if std::env::var_os("MALLOC_MMAP_THRESHOLD_").is_none() {
        tokio::spawn(trim_heap_every_minute());
    }
    let from_env = preset.is_some();
    let first = app::service::users::ensure_first_admin(&application.store, preset).await?;
    if let Some((login, password)) = first {
        if from_env {
            tell(
                format,
                &format!(
                    "First start: created administrator '{login}' with the password from SLOTBOOK_ADMIN_PASSWORD"
                ),
            );
        } else {
            tell(
                format,
                &format!("First start: created administrator '{login}' with password: {password}"),
            );
            tell(
                format,
                "(shown once; to choose it, set SLOTBOOK_ADMIN_PASSWORD before the first start)",
            );
        }
    }
    // Not println!: a supervisor that reads the first line and closes the pipe must not
    // make the server panic on the second.
    let mut out = std::io::stdout();
    let _ = writeln!(out, "slotbook listening on http://{}", application.addr);
    let _ = writeln!(out, "log in at http://{}/login", application.addr);
    let _ = out.flush();
    application.run_until_stopped(shutdown_signal()).await?;
    Ok(())
}

/// `backup`, `restore`, `export`, `import` (docs/operations.md): each prints its summary as
/// one JSON line.
async fn whole_database(command: Command) -> anyhow::Result<()> {
    let summary = match command {
        Command::Backup { file, database_url } => {
            let store = store(database_url).await?;
            let secrets = secret_key()?;
            let done = operations::backup(&store, &secrets, &file).await;
            store.close().await;
            done?
        }
        Command::Export { file, database_url } => {
            let store = store(database_url).await?;
            let secrets = secret_key()?;
            let done = operations::export(&store, &secrets, &file).await;
            store.close().await;
            done?
        }
        Command::Restore { file, database_url } => {
            let url = database_url.unwrap_or_else(database_url_from_env);
            operations::restore(&url, &secret_key()?, &file).await?
        }
        Command::Import { file, database_url } => {
            let url = database_url.unwrap_or_else(database_url_from_env);
            operations::import(&url, &secret_key()?, &file).await?
        }
        _ => return Ok(()),
    };
    println!("{}", serde_json::to_string(&summary)?);
    Ok(())
}

/// `slotbook rotate-key`: the database first, in one transaction; then the key file, when the
/// key lives in one (a failure there says which key the database now needs).
async fn rotate_key(database_url: Option<String>) -> anyhow::Result<()> {
    use app::service::support::secrets::SecretBox;
    let config = Config::from_env()?;
    let encoded = std::env::var("SLOTBOOK_NEW_SECRET_KEY")
        .ok()
        .filter(|v| !v.trim().is_empty())
        .ok_or_else(|| {
            anyhow::anyhow!(
                "SLOTBOOK_NEW_SECRET_KEY is not set: give the new key (32 bytes in base64)"
            )
        })?;
    let new = SecretBox::load(Some(&encoded), std::path::Path::new(""))
        .map_err(|_| anyhow::anyhow!("SLOTBOOK_NEW_SECRET_KEY is not 32 bytes in base64"))?;
    let old = secret_key()?;
    let store = store(database_url).await?;
    let rotated = operations::rotate_key(&store, &old, &new).await;
    store.close().await;
    let resealed = rotated?;
    if config.secret_key.is_none() {
        let path = std::path::Path::new(&config.secret_key_file);
        SecretBox::write_key_file(path, encoded.trim()).map_err(|e| {
            anyhow::anyhow!(
                "the database now needs SLOTBOOK_NEW_SECRET_KEY, but {} could not be written: {e}",
                path.display()
            )
        })?;
    }
    println!("{}", serde_json::json!({ "resealed": resealed }));
    Ok(())
}

/// The secret key as `serve` reads it (`SLOTBOOK_SECRET_KEY`, else its file).
fn secret_key() -> anyhow::Result<app::service::support::secrets::SecretBox> {
    let config = Config::from_env()?;
    Ok(app::service::support::secrets::SecretBox::load(
        config.secret_key.as_deref(),
        std::path::Path::new(&config.secret_key_file),
    )?)
}

/// Service errors as one readable line for the terminal.
fn describe(err: app::service::ServiceError) -> anyhow::Error {
    match err {
        app::service::ServiceError::Validation { errors, .. } => {
            anyhow::anyhow!("invalid input: {}", serde_json::json!(errors))
        }
        other => anyhow::anyhow!("{other}"),
    }
}
