//! Crash-safe writes: a temporary file, flushed to disk, the current file
//! kept as its backup, the temporary file renamed over it, the folder
//! flushed after each rename; and reads that fall back on the backup.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

/// The steps of a crash-safe write, in order. Tests make any of them fail to
/// check that a crash leaves either the old or the new file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WriteStep {
    CreateTemp,
    WriteTemp,
    SyncTemp,
    KeepBackup,
    SyncDirAfterBackup,
    Replace,
    SyncDir,
}

impl WriteStep {
    pub const ALL: [WriteStep; 7] = [
        WriteStep::CreateTemp,
        WriteStep::WriteTemp,
        WriteStep::SyncTemp,
        WriteStep::KeepBackup,
        WriteStep::SyncDirAfterBackup,
        WriteStep::Replace,
        WriteStep::SyncDir,
    ];
}

/// The backup kept beside `path`: the previous version of the file.
pub fn backup_path(path: &Path) -> PathBuf {
    path.with_extension("json.bak")
}

/// Writes `bytes` to a temporary file beside `path`, flushes it to disk,
/// moves the current file to its backup and renames the temporary file over
/// `path`, flushing the directory after each rename. A crash at any point
/// leaves the old file, its backup, or the new file, each complete; a failed
/// write removes its temporary file.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    write_with_faults(path, bytes, &mut |_| Ok(()))
}

/// [`write_atomically`], calling `before` ahead of every step; an error from
/// it stops the write there, as a crash would (the temporary file is then
/// left behind, as after a real crash, for [`super::GameFiles::tidy`] to remove).
pub fn write_with_faults(
    path: &Path,
    bytes: &[u8],
    before: &mut dyn FnMut(WriteStep) -> std::io::Result<()>,
) -> std::io::Result<()> {
    let tmp = path.with_extension("json.tmp");
    let mut crashed = false;
    let result = write_steps(path, &tmp, bytes, &mut |step| {
        before(step).inspect_err(|_| crashed = true)
    });
    if result.is_err() && !crashed {
        // A real error (a full disk): no half-written file stays behind.
        let _ = fs::remove_file(&tmp);
    }
    result
}

pub(super) fn sync_dir(dir: &Path) {
    // Directories cannot be opened for syncing on every platform (Windows);
    // where they can, this makes the rename itself durable.
    if let Ok(d) = fs::File::open(dir) {
        let _ = d.sync_all();
    }
}

fn write_steps(
    path: &Path,
    tmp: &Path,
    bytes: &[u8],
    before: &mut dyn FnMut(WriteStep) -> std::io::Result<()>,
) -> std::io::Result<()> {
    let dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
    fs::create_dir_all(&dir)?;
    before(WriteStep::CreateTemp)?;
    let mut file = fs::File::create(tmp)?;
    before(WriteStep::WriteTemp).inspect_err(|_| {
        // A torn write: half the bytes reached the disk.
        let _ = file.write_all(&bytes[..bytes.len() / 2]);
    })?;
    file.write_all(bytes)?;
    before(WriteStep::SyncTemp)?;
    file.sync_all()?;
    drop(file);
    before(WriteStep::KeepBackup)?;
    if path.exists() {
        fs::rename(path, backup_path(path))?;
        before(WriteStep::SyncDirAfterBackup)?;
        sync_dir(&dir);
    }
    before(WriteStep::Replace)?;
    fs::rename(tmp, path)?;
    before(WriteStep::SyncDir)?;
    sync_dir(&dir);
    Ok(())
}

/// Reads `path`, or its backup when `path` is missing or `accept` refuses it.
/// Returns the text and whether it came from the backup.
pub fn read_with_backup(
    path: &Path,
    accept: impl Fn(&str) -> bool,
) -> std::io::Result<Option<(String, bool)>> {
    let read = |p: &Path| match fs::read(p) {
        Ok(bytes) => Ok(Some(String::from_utf8_lossy(&bytes).into_owned())),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(e),
    };
    crate::platform::main_or_backup(read(path)?, || read(&backup_path(path)), accept)
}
