"""The README stays short and gives the two commands; every link in it and in docs/ leads somewhere."""
import re
from pathlib import Path

INSTALL_AND_RUN = 'pip install -e ".[report]" && honorifics analyze examples/outputs.jsonl --out results --report'
TESTS = 'pip install -e ".[dev]" && python -m pytest -q'
LINK = re.compile(r"(?<!!)\[[^\]]*\]\(([^)\s]+)\)")


def _pages(root: Path) -> list[Path]:
    return [root / "README.md", root / "CHANGELOG.md", *sorted((root / "docs").glob("*.md"))]


def _slug(heading: str) -> str:
    """The anchor GitHub gives a heading."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def _anchors(page: Path) -> set[str]:
    text = re.sub(r"```.*?```", "", page.read_text("utf-8"), flags=re.S)
    return {_slug(line.lstrip("#")) for line in text.splitlines() if re.match(r"#{1,6} ", line)}


def test_the_readme_is_short_and_gives_the_two_commands(repo_root):
    readme = (repo_root / "README.md").read_text("utf-8")
    assert len(readme.splitlines()) <= 250
    assert INSTALL_AND_RUN in readme and TESTS in readme
    assert TESTS in (repo_root / ".ci" / "run").read_text("utf-8")   # CI runs the README's test command


def test_every_relative_link_leads_to_a_file_and_heading(repo_root):
    broken = []
    for page in _pages(repo_root):
        text = re.sub(r"```.*?```", "", page.read_text("utf-8"), flags=re.S)
        for target in LINK.findall(text):
            if re.match(r"[a-z]+:", target):
                continue   # http(s), mailto: not checked offline
            path, _, anchor = target.partition("#")
            goal = (page.parent / path).resolve() if path else page
            if not goal.exists():
                broken.append(f"{page.name}: {target} (no such file)")
            elif anchor and goal.suffix == ".md" and anchor not in _anchors(goal):
                broken.append(f"{page.name}: {target} (no such heading)")
    assert not broken, broken


def test_every_page_of_docs_is_linked_from_the_readme(repo_root):
    readme = (repo_root / "README.md").read_text("utf-8")
    linked = {target.partition("#")[0] for target in LINK.findall(readme)}
    missing = [f"docs/{page.name}" for page in sorted((repo_root / "docs").glob("*.md"))
               if f"docs/{page.name}" not in linked]
    assert not missing, missing
