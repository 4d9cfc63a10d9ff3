#!/usr/bin/env bash
# The gettext catalogs of setback.text, setback.svg, setback play and the command line's help (Babel: a dev dependency only).
#   tools/catalogs.sh          extract the messages into setback.pot (with the refusal
#                              sentences of setback.refusals), update every .po,
#                              compile every .mo (shipped in the package, read at run time
#                              by the standard gettext module)
#   tools/catalogs.sh compile  only compile (after editing a .po)
# tests/test_catalogs.py checks that the .pot, the .po files and the .mo files agree.
set -euo pipefail
cd "$(dirname "$0")/.."
LOCALE=src/setback/locale
if [[ "${1:-}" != compile ]]; then
    pybabel --quiet extract --no-wrap --sort-by-file --add-location=file \
        --project=setback --copyright-holder="The setback developers" \
        -k N_ -k NP_:1c,2 -o "$LOCALE/setback.pot" \
        src/setback/text.py src/setback/_face.py src/setback/svg.py src/setback/terminal.py src/setback/cli.py src/setback/coach.py
    python tools/catalog_refusals.py "$LOCALE/setback.pot"  # setback.refusals' table
    for lang in de sv fr; do
        if [[ -f "$LOCALE/$lang/LC_MESSAGES/setback.po" ]]; then
            pybabel --quiet update --no-wrap --ignore-obsolete --no-fuzzy-matching \
                -i "$LOCALE/setback.pot" -d "$LOCALE" -D setback -l "$lang"
        else
            pybabel --quiet init --no-wrap -i "$LOCALE/setback.pot" -d "$LOCALE" -D setback -l "$lang"
        fi
    done
fi
pybabel compile --statistics -d "$LOCALE" -D setback
