"""Reading and writing files the user names: size limit, kind sniffing, atomic writes.

Inputs are checked to be regular files before a byte is read (a FIFO named ``x.chan.json``
would block for ever). Outputs never destroy anything: an existing target is refused unless
the user says ``--force``, a SQLite database or an input is never replaced, and the text goes
to a temporary file in the same folder that is renamed over the target only once whole; a
failed write leaves nothing behind and names its real cause (issue 13, class 3). A folder the
user names is never made for them: a mistyped path is refused, not created (issue 20).
"""

from __future__ import annotations

import errno
import os
import stat
import tempfile
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TextIO

from replays.errors import BadFile
from replays.readonly import is_sqlite

MAX_BYTES = 20 * 1024 * 1024  # larger records are refused, never read (issue 4)
# A database is copied, not read into memory: a library of tens of thousands of analysed
# games (about 11 MB per 1,000) must still open; the limit only guards against a wrong file.
MAX_DB_BYTES = 2 * 1024 * 1024 * 1024
DB_SUFFIXES = (".db", ".sqlite", ".sqlite3")


def checked_size(path: Path, limit: int = MAX_BYTES) -> int:
    """The size of a file the user named; BadFile if it is missing, not a file, or over
    ``limit`` bytes."""
    try:
        st = path.stat()
    except FileNotFoundError:
        raise BadFile(f"{path}: no such file", f"{path}: không tìm thấy tệp") from None
    except OSError as e:
        raise BadFile(f"{path}: cannot be read ({e.strerror})",
                      f"{path}: không đọc được tệp ({e.strerror})") from None
    if not stat.S_ISREG(st.st_mode):
        raise _not_regular(path, st.st_mode)
    if st.st_size > limit:
        mb = st.st_size / (1024 * 1024)
        most = f"{limit // (1024 * 1024)} MB"
        size = f"{mb:.1f}"
        vi_size = size.replace(".", ",")  # Vietnamese writes the decimal comma (issue 20)
        raise BadFile(f"{path}: {size} MB is too large (files over {most} are refused)",
                      f"{path}: tệp {vi_size} MB quá lớn (không nhận tệp trên {most})")
    return st.st_size


def read_limited(path: Path) -> bytes:
    """All bytes of a file the user named, refusing files over 20 MB."""
    checked_size(path)
    try:
        with path.open("rb") as f:
            data = f.read(MAX_BYTES + 1)
    except OSError as e:
        raise BadFile(f"{path}: cannot be read ({e.strerror})",
                      f"{path}: không đọc được tệp ({e.strerror})") from None
    if len(data) > MAX_BYTES:  # it grew after the check
        raise BadFile(f"{path}: too large (files over 20 MB are refused)",
                      f"{path}: tệp quá lớn (không nhận tệp trên 20 MB)")
    return data


def _not_regular(path: Path, mode: int) -> BadFile:
    if stat.S_ISDIR(mode):
        return BadFile(f"{path}: is a folder, not a file", f"{path}: là thư mục, không phải tệp")
    return BadFile(f"{path}: not a regular file (a pipe, a device or a socket is never read)",
                   f"{path}: không phải tệp thường (không đọc ống dẫn, thiết bị hay socket)")


def check_input(path: Path) -> None:
    """BadFile unless ``path`` is an existing regular file: checked before anything opens it
    (opening a FIFO blocks until someone writes to it)."""
    checked_size(path, MAX_DB_BYTES)


def is_database(path: Path) -> bool:
    """Whether the user named a replay database rather than a .chan.json file: by its
    suffix, or, whatever it is called, by its SQLite header (read by SQLite, never by
    ``open()``: it may be the library this process holds, see replays.readonly)."""
    return path.suffix.lower() in DB_SUFFIXES or is_sqlite(path)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


@contextmanager
def atomic_text(path: Path, make_folder: bool = False) -> Iterator[TextIO]:
    """A text file written whole or not at all: the caller writes to a temporary file in the
    same folder, renamed over ``path`` when the block ends; on any error the temporary file
    (and any folder made for it) is removed and the error goes on (OSError: see
    ``write_error``). For output that is streamed rather than built whole. The folder is
    made only with ``make_folder`` (the program's own data folder); a missing folder is
    otherwise an error (FileNotFoundError), never made behind the user's back (issue 20)."""
    made = _make_parents(path.parent) if make_folder else []
    tmp: str | None = None
    done = False
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
        # mkstemp makes the file owner-only; the user expects an ordinary file (umask)
        os.chmod(tmp, 0o666 & ~_umask())
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            yield f
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
        done = True
    finally:
        if not done:
            if tmp is not None:
                Path(tmp).unlink(missing_ok=True)
            for folder in made:  # innermost first; only the folders made here, if empty
                try:
                    folder.rmdir()
                except OSError:
                    break


def _make_parents(folder: Path) -> list[Path]:
    """Make ``folder`` and its missing parents; the folders made, innermost first."""
    missing: list[Path] = []
    at = folder
    while not at.exists() and at != at.parent:
        missing.append(at)
        at = at.parent
    folder.mkdir(parents=True, exist_ok=True)
    return missing


def write_atomic(path: Path, text: str, make_folder: bool = False) -> None:
    """Write a text file whole or not at all: a temporary file beside it, then a rename (the
    folder made only with ``make_folder``: see ``atomic_text``)."""
    with atomic_text(path, make_folder) as f:
        f.write(text)


def check_parent(path: Path) -> None:
    """Refuse (BadFile) an output whose folder does not exist or is not a folder: a folder the
    user names is never made for them (``/nonexistent/dir/x.db`` is a mistake to say, not a
    path to create, even under /; issue 20)."""
    folder = path.parent
    try:
        is_folder = stat.S_ISDIR(os.stat(folder).st_mode)
    except FileNotFoundError:
        raise BadFile(f"{path}: the folder {folder} does not exist (it is not made for you: "
                      f"check the path, or make the folder first)",
                      f"{path}: thư mục {folder} không tồn tại (chương trình không tự tạo "
                      f"thư mục: hãy kiểm tra đường dẫn, hoặc tạo thư mục trước)") from None
    except OSError as e:  # a file on the way (ENOTDIR), a folder we may not enter
        raise write_error(path, e) from None
    if not is_folder:
        raise write_error(path, NotADirectoryError(errno.ENOTDIR, os.strerror(errno.ENOTDIR)))


def output_target(path: Path) -> os.stat_result | None:
    """What an output the user named is now: None when there is nothing yet; BadFile when its
    folder does not exist (``check_parent``) or it cannot be looked at."""
    check_parent(path)
    try:
        return os.stat(path)
    except FileNotFoundError:
        return None
    except OSError as e:
        raise write_error(path, e) from None


def replace_regular(path: Path, text: str) -> None:
    """``write_atomic``, for a file of the program's own (settings, where the learner is):
    whatever is in its place that is not a regular file — a FIFO, a folder, a device — is
    never replaced (BadFile says so, in both languages; issue 20)."""
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        mode = stat.S_IFREG
    except OSError as e:
        raise write_error(path, e) from None
    if not stat.S_ISREG(mode):
        what = ("a folder", "một thư mục") if stat.S_ISDIR(mode) else \
            ("not a regular file (a pipe, a device or a socket)",
             "không phải tệp thường (ống dẫn, thiết bị hay socket)")
        raise BadFile(f"{path}: is {what[0]}; it is left as it is and nothing is written in "
                      f"its place (move it away to keep this)",
                      f"{path}: là {what[1]}; nó được để nguyên và không có gì được ghi thay "
                      f"vào chỗ đó (hãy chuyển nó đi để lưu được)")
    write_atomic(path, text, make_folder=True)  # the program's own data folder


DAMAGED_SUFFIX = ".damaged"  # where a damaged file of the program's is kept when replaced


def keep_damaged(path: Path) -> Path | None:
    """Move a damaged file aside (``name.damaged``, or ``.damaged.2``, …) before a new one
    replaces it, so what the user had is never lost; None when there is nothing to keep (no
    regular file there) or it cannot be moved (then it is left as it is)."""
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return None
        for n in range(1, 100):
            target = path.with_name(path.name + DAMAGED_SUFFIX + (f".{n}" if n > 1 else ""))
            if not os.path.lexists(target):
                os.rename(path, target)
                return target
    except OSError:
        return None
    return None


def check_output(path: Path, force: bool = False, inputs: Iterable[Path] = ()) -> None:
    """Refuse (BadFile) an output target whose writing would destroy something: one of the
    ``inputs``, a SQLite database (a replay library, whatever it is called) or anything but a
    regular file — even with ``force``; any other existing file unless ``force``; a target
    whose folder does not exist (``check_parent``)."""
    st = output_target(path)
    if st is None:
        return
    for source in inputs:
        try:
            same = os.path.samefile(path, source)
        except OSError:
            continue
        if same:
            raise BadFile(f"{path}: this is the input file; the output would overwrite it "
                          f"(never done, even with --force)",
                          f"{path}: đây là tệp đầu vào; tệp xuất sẽ ghi đè lên nó (không bao "
                          f"giờ làm vậy, kể cả với --force)")
    if stat.S_ISDIR(st.st_mode):
        raise BadFile(f"{path}: is a folder; name the file to write",
                      f"{path}: là một thư mục; hãy đặt tên tệp cần ghi")
    if not stat.S_ISREG(st.st_mode):
        raise BadFile(f"{path}: not a regular file (a pipe, a device or a socket); nothing "
                      f"is written to it",
                      f"{path}: không phải tệp thường (ống dẫn, thiết bị hay socket); không "
                      f"ghi vào đó")
    if is_sqlite(path):
        raise BadFile(f"{path}: is a SQLite database (perhaps a replay library); it is never "
                      f"overwritten, even with --force",
                      f"{path}: là cơ sở dữ liệu SQLite (có thể là thư viện ván đấu); không "
                      f"bao giờ ghi đè lên nó, kể cả với --force")
    if not force:
        raise BadFile(f"{path}: already exists; add --force to replace it",
                      f"{path}: tệp đã có; thêm --force để ghi đè")


_CAUSES: dict[int, tuple[str, str]] = {
    errno.ENOSPC: ("the disk is full", "ổ đĩa đã đầy"),
    errno.EDQUOT: ("the disk quota is used up", "đã hết hạn mức dung lượng đĩa"),
    errno.EACCES: ("you may not write in that folder", "bạn không có quyền ghi vào thư mục đó"),
    errno.EPERM: ("you may not write in that folder", "bạn không có quyền ghi vào thư mục đó"),
    errno.EROFS: ("the disk is read-only", "ổ đĩa chỉ cho phép đọc"),
    errno.EISDIR: ("it is a folder", "đó là một thư mục"),
    errno.ENOTDIR: ("a part of the path is a file, not a folder",
                    "một phần của đường dẫn là tệp, không phải thư mục"),
    errno.ENOENT: ("the folder does not exist", "thư mục không tồn tại"),
    errno.ENAMETOOLONG: ("the name is too long", "tên tệp quá dài"),
    errno.EIO: ("the disk reported an input/output error", "ổ đĩa báo lỗi vào/ra"),
}


def write_error(path: Path, error: OSError) -> BadFile:
    """The bad-input error for an output that could not be written, naming the real cause
    in both languages (the system's own words beside it)."""
    en, vi = _CAUSES.get(error.errno or 0, ("", ""))
    said = error.strerror or str(error)
    if not en:
        return BadFile(f"{path}: cannot be written ({said})",
                       f"{path}: không ghi được tệp ({said})")
    return BadFile(f"{path}: cannot be written ({said}): {en}",
                   f"{path}: không ghi được tệp ({said}): {vi}")
