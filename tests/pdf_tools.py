"""Reading exported files back as a person would see them: PDF text, pages as pictures, QR codes.

pdftoppm (poppler-utils) and zbarimg (zbar-tools) come from Debian; .ci/run installs both.
"""

from __future__ import annotations

import io
import shutil
import subprocess
import tempfile
from pathlib import Path

from pypdf import PdfReader


def pdf_pages(content: bytes) -> list[str]:
    """The text of each page, as pypdf extracts it."""
    reader = PdfReader(io.BytesIO(content))
    return [page.extract_text() or "" for page in reader.pages]


def pdf_text(content: bytes) -> str:
    return "\n".join(pdf_pages(content))


def render_pages(content: bytes, *, dpi: int = 60, first: int = 1, last: int = 1) -> list[Path]:
    """Pages rendered to PNG by pdftoppm (kept in a temporary folder for the test's lifetime)."""
    assert shutil.which("pdftoppm"), "pdftoppm missing: apt-get install poppler-utils (.ci/run does)"
    folder = Path(tempfile.mkdtemp(prefix="pdf-png-"))
    source = folder / "file.pdf"
    source.write_bytes(content)
    subprocess.run(["pdftoppm", "-png", "-r", str(dpi), "-f", str(first), "-l", str(last), str(source),
                    str(folder / "page")], check=True, timeout=60)
    return sorted(folder.glob("page*.png"))


def ink_ratio(png: Path) -> float:
    """Share of the page's pixels that are not white: 0.0 is a blank page."""
    from PIL import Image  # pillow comes with reportlab

    with Image.open(png) as image:
        gray = image.convert("L")
        histogram = gray.histogram()
    total = sum(histogram)
    return 1 - sum(histogram[250:]) / total


def qr_codes(png: Path) -> list[str]:
    """The payloads of the QR codes zbarimg finds in a picture."""
    assert shutil.which("zbarimg"), "zbarimg missing: apt-get install zbar-tools (.ci/run does)"
    run = subprocess.run(["zbarimg", "--quiet", "--raw", "-Sdisable", "-Sqrcode.enable", str(png)],
                         capture_output=True, text=True, timeout=60)
    return [line for line in run.stdout.splitlines() if line]
