#!/usr/bin/env bash
# Regenerate the C-pgbench oracle data used by the script module's tests.
#
#   scripts/golden-expr.sh            both parts below
#   scripts/golden-expr.sh syntax     tests/data/syntax-errors.tsv: what C
#                                     pgbench prints for malformed scripts
#                                     (no server needed: it fails at parse time)
#   scripts/golden-expr.sh expr       tests/data/golden-expr.tsv and
#                                     tests/data/tap-expressions.txt: debug()
#                                     output of expressions under fixed seeds
#                                     (starts a throwaway server with pgtmp.sh)
#
# Uses $(pg_config --bindir)/pgbench, or $PGBENCH if set. The installed C
# pgbench may be older than the version we follow; the tests list the known
# differences next to the cases they affect.
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
what=${1:-all}
pgbench=${PGBENCH:-$(pg_config --bindir)/pgbench}
work=$(mktemp -d)
trap 'if [ -f "$work/pg/data/postmaster.pid" ]; then "$here/scripts/pgtmp.sh" stop "$work/pg" || true; fi; rm -rf "$work"' EXIT

if [ "$what" = all ] || [ "$what" = syntax ]; then
    PGBENCH_BIN=$pgbench WORK=$work OUT="$here/tests/data/syntax-errors.tsv" python3 - <<'PY'
import os, subprocess

def esc(b):
    out = []
    for c in b:
        if c == 0x5c: out.append('\\\\')
        elif c == 0x0a: out.append('\\n')
        elif c == 0x09: out.append('\\t')
        elif c == 0x0d: out.append('\\r')
        elif c < 0x20 or c == 0x7f: out.append('\\x%02x' % c)
        else: out.append(chr(c) if c < 0x80 else '\\x%02x' % c)
    return ''.join(out)

B = '\\'
cases = [
    # 002_pgbench_no_server.pl
    ('missing endif', r'\if 1'),
    ('missing if on elif', r'\elif 1'),
    ('missing if on else', r'\else'),
    ('missing if on endif', r'\endif'),
    ('elif after else', '\\if 1\n\\else\n\\elif 0\n\\endif'),
    ('else after else', '\\if 1\n\\else\n\\else\n\\endif'),
    ('if syntax error', '\\if\n\\endif\n'),
    ('elif syntax error', '\\if 0\n\\elif +\n\\endif\n'),
    ('else syntax error', '\\if 0\n\\else BAD\n\\endif\n'),
    ('endif syntax error', '\\if 0\n\\endif BAD\n'),
    ('least no args', '\\set i least()\n'),
    ('greatest no args', '\\set i greatest()\n'),
    ('hash no args', '\\set i hash()\n'),
    ('hash 3 args', '\\set i hash(1,2,3)\n'),
    ('bigint overflow 1', '\\set i 100000000000000000000\n'),
    ('double overflow 2', '\\set d 1.0E309\n'),
    ('double overflow 3', '\\set d .1E310\n'),
    ('set i', '\\set i 1 +\n'),
    ('permute 1 arg', '\\set i permute(1)\n'),
    ('permute 4 args', '\\set i permute(1, 2, 3, 4)\n'),
    # 001_pgbench_with_server.pl, the parse-time ones (exit 1)
    ('sql too many args', '-- MAX_ARGS=256 for prepared\n\\set i 0\nSELECT LEAST(' + ', '.join([':i'] * 256) + ')', 'prepared'),
    ('sql 255 args extended', 'SELECT LEAST(' + ', '.join([':i'] * 255) + ')', 'extended'),
    ('sql too many args extended', 'SELECT ' + ':a' * 256 + ';', 'extended'),
    ('shell missing command', r'\shell'),
    ('shell too many args', '-- 256 arguments to \\shell\n\\shell echo ' + ' '.join(['arg'] * 255)),
    ('set syntax error', r'\set i 1 +'),
    ('set no such function', r'\set i noSuchFunction()'),
    ('set unexpected char', r'\set i ;'),
    ('set no expression', r'\set i'),
    ('set missing argument', r'\set'),
    ('set case error', r'\set i CASE TRUE THEN 1 ELSE 0 END'),
    ('set number of args mismatch', r'\set d ln(1.0, 2.0))'),
    ('set at least one arg', r'\set i greatest())'),
    ('setshell missing arg', r'\setshell var'),
    ('sleep too many args', r'\sleep too many args'),
    ('sleep missing arg', r'\sleep'),
    ('sleep unknown unit', r'\sleep 1 week'),
    ('misc invalid backslash command', r'\nosuchcommand'),
    ('misc empty script', ''),
    ('gset alone', r'\gset'),
    ('gset no SQL', '\\set i +1\n\\gset'),
    ('gset too many arguments', r'SELECT 1 \gset a b'),
    ('gset after gset', 'SELECT 1 AS i \\gset\n\\gset'),
    # more malformed scripts
    ('comment only', '-- nothing here\n   -- nor here\n'),
    ('whitespace only', ' \n\t\n'),
    ('lone backslash', '\\\n'),
    ('comparison chain', '\\set x 1 < 2 < 3\n'),
    ('comparison chain eq', '\\set x 1 = 2 <> 3\n'),
    ('is bad', '\\set x 1 IS 2\n'),
    ('is not bad', '\\set x 1 IS NOT 2\n'),
    ('case without end', '\\set x CASE WHEN true THEN 1\n'),
    ('case without when', '\\set x CASE END\n'),
    ('case else without end', '\\set x CASE WHEN true THEN 1 ELSE 2\n'),
    ('double comma', '\\set x abs(,,1)\n'),
    ('empty arg list comma', '\\set x abs(,)\n'),
    ('maxint alone', '\\set x 9223372036854775808\n'),
    ('maxint plus', '\\set x 1 + 9223372036854775808\n'),
    ('double underflow', '\\set x 1e-400\n'),
    ('lone dot', '\\set x .\n'),
    ('lone colon', '\\set x 1 + :\n'),
    ('bang', '\\set x !1\n'),
    ('last lexer error wins', '\\set x 1 ) $ ?\n'),
    ('lexer error after syntax error', '\\set x 1 2 3 99999999999999999999 4\n'),
    ('function without parens', '\\set x pi\n'),
    ('pi with arg', '\\set x pi(1)\n'),
    ('random one arg', '\\set x random(1)\n'),
    ('HASH uppercase', '\\set x HASH(1,2,3)\n'),
    ('power one arg', '\\set x Power(1)\n'),
    ('mod one arg', '\\set x mod(1)\n'),
    ('unknown function mixed case', '\\set x NoSuch(1)\n'),
    ('continued line error', '\\set x 1 + \\\n  2 +\n'),
    ('continued line error 2', '\\set x 1 + \\\n  ) \\\n  + 3\n'),
    ('tab before error', '\\set x\t1\t+\t)\n'),
    ('crlf line', '\\set x 1 +\r\n'),
    ('error at eof', '\\set x 1 +'),
    ('non ascii function', '\\set x \xc3\xa9(1)\n'),
    ('non ascii character', '\\set x 1 + \xe2\x82\xac\n'),
    ('not at end', '\\set x 1 NOT\n'),
    ('trailing number', '\\set x 1 2\n'),
    ('keyword as function', '\\set x true(1)\n'),
    ('unclosed paren', '\\set x (1 + 2\n'),
    ('extra paren', '\\set x (1 + 2))\n'),
    ('second line error', 'SELECT 1;\n\\set x 1 +\n'),
    ('error after sql on same line', 'SELECT 1; \\set x 1 +\n'),
    ('if no expression', '\\if\n'),
    ('elif no expression', '\\if 1\n\\elif\n\\endif\n'),
    ('nested if missing endif', '\\if 1\n\\if 2\n\\endif\n'),
    ('endif extra', '\\if 1\n\\endif\n\\endif\n'),
    ('elif after else nested', '\\if 1\n\\if 0\n\\else\n\\elif 1\n\\endif\n\\endif\n'),
    ('sleep unit glued', '\\sleep 10ms\n'),
    ('sleep bad glued unit', '\\sleep 10weeks\n'),
    ('sleep bad number', '\\sleep x10\n'),
    ('sleep sign only unit', '\\sleep -ms\n'),
    ('sleep glued and unit', '\\sleep 10ms ms\n'),
    ('sleep too many with column', '\\sleep 1 ms extra\n'),
    ('sleep var bad unit', '\\sleep :x minutes\n'),
    ('sleep uppercase unit', '\\SLEEP 1 MS\n\\sleep 2 Us\n\\sleep 3 S\n'),
    ('uppercase set missing', '\\SET\n'),
    ('setshell one arg', '\\setshell\n'),
    ('else arg', '\\if 1\n\\else x\n\\endif\n'),
    ('startpipeline arg', '\\startpipeline now\n'),
    ('endpipeline arg', '\\endpipeline x\n'),
    ('syncpipeline arg', '\\syncpipeline x\n'),
    ('aset too many', 'SELECT 1 \\aset a b\n'),
    ('aset alone', '\\aset\n'),
    ('gset after meta', 'SELECT 1;\n\\set i 1\n\\gset\n'),
    ('gset after blank lines', 'SELECT 1\n\\set i 1\n\n\\gset\n'),
    ('invalid command with args', '\\foo bar baz\n'),
    ('backslash backslash', '\\\\set x 1\n'),
    ('too many nots', '\\set x ' + 'NOT ' * 9998 + 'true\n'),
    ('deep parens', '\\set x ' + '(' * 9998 + '1' + ')' * 9998 + '\n'),
    ('deep minus', '\\set x ' + '-' * 9998 + '1\n'),
    ('deep function args', '\\set x ' + 'abs(' * 4999 + '1' + ')' * 4999 + '\n'),
    # accepted scripts
    ('ok builtin like', '\\set aid random(1, 100000 * :scale)\nSELECT abalance FROM pgbench_accounts WHERE aid = :aid;\n'),
    ('ok nots', '\\set x ' + 'NOT ' * 9997 + 'true\n'),
    ('ok parens', '\\set x ' + '(' * 9997 + '1' + ')' * 9997 + '\n'),
    ('ok minus', '\\set x ' + '-' * 9997 + '1\n'),
    ('ok function args', '\\set x ' + 'abs(' * 4998 + '1' + ')' * 4998 + '\n'),
    ('ok empty elist comma', '\\set x abs(, -5)\n'),
    ('ok is null chain', '\\set x 1 IS NULL IS NULL\n'),
    ('ok dollar quote', 'SELECT $$;\\gset$$;\n'),
    ('ok create function', 'CREATE FUNCTION f() RETURNS int LANGUAGE sql BEGIN ATOMIC SELECT 1; END;\n\\set x 1\n'),
    ('ok if structure', '\\if 1\n\\elif 2\n\\else\n\\endif\n'),
    ('ok gset prefix', 'SELECT 1 AS a \\gset p_\nSELECT 2 \\aset\n'),
    ('ok sleep forms', '\\sleep 1\n\\sleep 1 us\n\\sleep :x\n\\sleep :x ms\n\\sleep +5us\n\\sleep -1\n'),
    ('ok shell', '\\shell echo hi :x ::y\n\\setshell v echo 1\n'),
    ('ok semicolons', 'SELECT 1;;\n'),
    ('ok minint', '\\set x -9223372036854775808\n'),
    ('ok continuation', '\\set x 1 + \\\n 2\n'),
]

with open(os.environ['OUT'], 'w') as out:
    out.write('# name\tquery mode\tscript\texpected stderr of C pgbench after "pgbench: error: " (OK: accepted)\n')
    for case in cases:
        name, script = case[0], case[1]
        mode = case[2] if len(case) > 2 else 'simple'
        data = script.encode('latin-1') if any(ord(c) > 127 for c in script) else script.encode()
        path = os.path.join(os.environ['WORK'], 'script.sql')
        with open(path, 'wb') as f:
            f.write(data)
        r = subprocess.run([os.environ['PGBENCH_BIN'], '-h', '/nonexistent', '-M', mode, '-f', 'script.sql'],
                           cwd=os.environ['WORK'], capture_output=True)
        err = r.stderr
        if b'connection to server' in err or b'could not connect' in err:
            exp = 'OK'
        else:
            assert r.returncode == 1, (name, r.returncode, err)
            prefix = b'pgbench: error: '
            assert err.startswith(prefix), (name, err)
            exp = esc(err[len(prefix):].rstrip(b'\n'))
        out.write('%s\t%s\t%s\t%s\n' % (name, mode, esc(data), exp))
PY
    echo "wrote tests/data/syntax-errors.tsv"
fi

if [ "$what" = all ] || [ "$what" = expr ]; then
    eval "$("$here/scripts/pgtmp.sh" start "$work/pg" 54329)"
    PGBENCH_BIN=$pgbench WORK=$work OUT="$here/tests/data/golden-expr.tsv" \
        TAP_OUT="$here/tests/data/tap-expressions.txt" python3 "$here/tests/data/golden-expr-cases.py"
    echo "wrote tests/data/golden-expr.tsv and tests/data/tap-expressions.txt"
fi
