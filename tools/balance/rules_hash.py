"""The rules hash a scenario has now, for telling the figures made on other
rules (tools/balance/all and strength): a game is started in a scratch
folder and its save's meta read (docs/saves.md)."""
import os
import sqlite3
import subprocess
import sys
import tempfile


def rules_hash_now(cardboard, scenario):
    """The hex rules hash of `scenario` as its files are now, or None where
    it cannot be started."""
    with tempfile.TemporaryDirectory() as tmp:
        save = os.path.join(tmp, "now.cbsave")
        if subprocess.run([cardboard, "new", scenario, "--save", save], capture_output=True).returncode != 0:
            return None
        with sqlite3.connect(save) as db:
            row = db.execute("select value from meta where key = 'rules_hash'").fetchone()
        return row[0] if row else None


if __name__ == "__main__":
    print(rules_hash_now(sys.argv[1], sys.argv[2]))
