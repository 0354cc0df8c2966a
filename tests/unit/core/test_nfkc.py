"""`nfkc` gives `unicodedata.normalize("NFKC", …)`'s string for every character, alone, beside each full-width mark
it replaces first and before a combining mark (which NFKC may compose with what precedes it)."""

from __future__ import annotations

import unicodedata

from processor.core.nfkc import WIDE, nfkc


def test_every_code_point_normalises_as_python_normalises_it() -> None:
    marks = [w for w, _ in WIDE]
    differ = []
    for cp in range(0x110000):
        if 0xD800 <= cp <= 0xDFFF:
            continue  # (surrogates: no text holds them alone)
        ch = chr(cp)
        for text in (ch, f"{marks[cp % len(marks)]}{ch}", f"{ch}{marks[cp % len(marks)]}\u0301", f"好{ch}，"):
            if nfkc(text) != unicodedata.normalize("NFKC", text):
                differ.append(text)
    assert differ == []


def test_chinese_text_with_full_width_marks() -> None:
    for text in ("好的，我已经为您取消了订单！还有别的吗？", "时间：（明天）；地点：北京\u3000站",
                 "Ｈｅｌｌｏ，ｗｏｒｌｄ", "e\u0301，n\u0303", "１２３，４５６"):
        assert nfkc(text) == unicodedata.normalize("NFKC", text)
    assert nfkc("好的，谢谢！") == "好的,谢谢!"
    for wide, narrow in WIDE:  # each mark replaced is what NFKC makes of it
        assert unicodedata.normalize("NFKC", wide) == narrow == nfkc(wide)
