"""Vendor the card faces and back drawn by Adrian Kennard (CC0) from the npm package
``@heruka_urgyen/react-playing-cards`` into ``src/cardtable/web/static/cards``.

    cd "$(mktemp -d)" && npm pack @heruka_urgyen/react-playing-cards && tar xzf *.tgz
    python tools/vendor_deck.py package/src/images

Only the SVG files are taken. The faces are made smaller by dropping the XML prolog and rounding
coordinates to one decimal (a tenth of a unit of a 1300-wide figure is far below a pixel). The
four-colour set holds only the suits that change colour (clubs and diamonds); its colours are the
Okabe-Ito colour-blind-safe blue and bluish green.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "src" / "cardtable" / "web" / "static" / "cards"
RANKS = {"A": "A", "2": "2", "3": "3", "4": "4", "5": "5", "6": "6", "7": "7", "8": "8", "9": "9", "T": "10"}
RANKS |= {"J": "J", "Q": "Q", "K": "K"}
FOUR = {"C": ("green", "#009E73"), "D": ("blue", "#0072B2")}


def shrink(text: str) -> str:
    text = re.sub(r"<\?xml[^>]*\?>\s*", "", text)
    return re.sub(r"(\d+\.\d)\d+", r"\1", text)


def main(images: str) -> None:
    src = Path(images)
    (OUT / "4").mkdir(parents=True, exist_ok=True)
    back = shrink((src / "back.svg").read_text())
    (OUT / "back.svg").write_text(back.replace('fill="black"', 'fill="#1F4E8C"'))  # a blue back
    for path in sorted((src / "2color").glob("*.svg")):
        rank, suit = path.stem[:-1], path.stem[-1]
        if rank not in RANKS:
            continue  # the jokers
        name = RANKS[rank] + suit
        (OUT / f"{name}.svg").write_text(shrink(path.read_text()))
        if suit in FOUR:
            word, colour = FOUR[suit]
            four = shrink((src / "4color" / path.name).read_text())
            four = four.replace(f'"{word}"', f'"{colour}"')
            (OUT / "4" / f"{name}.svg").write_text(four)


if __name__ == "__main__":
    main(sys.argv[1])
