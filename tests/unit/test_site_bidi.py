"""Right-to-left pages (``site/bidi.py``): left-to-right islands isolated, Persian
digits in running text and Latin ones in code, IDs and character references left
whole; other languages untouched."""

from __future__ import annotations

from generala_conformance.site import bidi

PAGE = (
    '<html lang="fa" dir="rtl"><head><title>R-MAT 5</title></head><body>'
    '<p>بند R-MAT-1 (FR) با 54 کارت &quot;x&quot;&#x27;. <a href="a.html#R-JOKER-4">R-JOKER-4</a>.</p>'
    '<code>k=3</code><span lang="en" dir="ltr">The leader 2</span>'
    '<span class="card" role="img" aria-label="10 of hearts">10♥</span>'
    "<p>generala-kit 0.9.3 https://example.org/a-very-long-address/of-a-page.html</p></body></html>"
)


def test_islands_are_isolated_and_running_digits_are_persian() -> None:
    done = bidi.localize(PAGE, "fa")
    assert '<bdi dir="ltr" class="word">R-MAT-1</bdi> (<bdi dir="ltr" class="word">FR</bdi>)' in done
    assert "با ۵۴ کارت" in done  # running text: Persian digits
    assert '&quot;<bdi dir="ltr" class="word">x</bdi>&quot;&#x27;.' in done  # references left whole
    assert '<a href="a.html#R-JOKER-4"><bdi dir="ltr" class="word">R-JOKER-4</bdi></a>.' in done  # full stop outside
    assert "<code>k=3</code>" in done and '<span lang="en" dir="ltr">The leader 2</span>' in done
    assert 'aria-label="10 of hearts">10♥</span>' in done and "<title>R-MAT 5</title>" in done
    assert '<bdi dir="ltr">generala-kit 0.9.3 https://example.org/' in done  # a long run may wrap


def test_a_left_to_right_page_is_left_as_it_is() -> None:
    assert bidi.localize(PAGE.replace('lang="fa"', 'lang="fr"'), "fr") == PAGE.replace('lang="fa"', 'lang="fr"')
    assert bidi.digits("ligne 7", "fr") == "ligne 7" and bidi.digits("ligne 7", "fa") == "ligne ۷"
    assert bidi.comma("fa") == "، " and bidi.comma("es") == ", "
