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
# Uses the real C pgbench 17 that scripts/pgref.sh installs, or $PGBENCH if
# set (it must be a pgbench 17).
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
what=${1:-all}
pgbench=${PGBENCH:-$("$here/scripts/pgref.sh" bindir 17)/pgbench}
case $("$pgbench" -V) in
    "pgbench (PostgreSQL) 17."*) ;;
    *) echo "golden-expr.sh: $pgbench is not pgbench 17" >&2; exit 1 ;;
esac
work=$(mktemp -d)
chmod 755 "$work"  # the server runs as another user when we are root
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
    env_line=$("$here/scripts/pgtmp.sh" start "$work/pg" 54329)
    eval "$env_line"
    PGBENCH_BIN=$pgbench WORK=$work DATA="$here/tests/data" python3 - <<'PY'
import os, re, subprocess

W, D, PGB = os.environ['WORK'], os.environ['DATA'], os.environ['PGBENCH_BIN']

def run(script, args):
    path = os.path.join(W, 'expr.sql')
    with open(path, 'w') as f:
        f.write(script)
    r = subprocess.run([PGB, '-n', '-t', '1', '-c', '1'] + args + ['-f', path],
                       capture_output=True, text=True)
    return r.returncode, r.stderr

# 1. The expression script of the TAP test 001_pgbench_with_server.pl.
tap_args = ['--random-seed=5432', '-Dfoo=-10.1', '-Dbla=false', '-Di=+3', '-Dn=null',
            '-Dt=t', '-Df=of', '-Dd=1.0']
tap = open(os.path.join(D, 'tap-expressions.sql')).read()
rc, err = run(tap, tap_args)
assert rc == 0, err
lines = [l for l in err.splitlines() if l.startswith('debug(')]
with open(os.path.join(D, 'tap-expressions.txt'), 'w') as f:
    f.write(''.join(l + '\n' for l in lines))

# 2. The golden table.
D_COMMON = ['-Ds1=12', '-Ds2=1.5', '-Ds3=yes', '-Ds4=  42', '-Ds5=0x1A', '-Ds6=inf',
            '-Ds7=1e3', '-Ds8=NuLl', '-Ds9=-0', '-Dbig=9223372036854775808',
            '-Dplus=+', '-Dbad=5x', '-Dsp=5 ', '-Dtr=trueXXX', '-Dmaxint=9223372036854775807',
            '-Dminint=-9223372036854775808',
            # the -D options of the TAP test's script errors
            '-Dfoo=bla', '-Dnull=null', '-Dtrue=true', '-Done=1', '-Dzero=0.0', '-Dbadtrue=trueXXX']
DSEED = ['-Ddefault_seed=12345']

arith = r"""1+2;7-10;6*7;7/2;-7/2;7/-2;-7/-2;7%3;-7%3;7%-3;5 % 3.7;5 % -1;-9223372036854775808 % -1
9223372036854775807 + 0;-9223372036854775808 / 1;3 - -3;- - 3;+5;-(5);~0;~5;~1+2;-~2+3;1 - 2 - 3
2 * 3 + 4;2 + 3 * 4;(2 + 3) * 4;100 / 7 / 2;1 << 3;1 << 63;1 << 64;1 << 65;1 << -1;-8 >> 1
-1 >> 63;8 >> 64;5 >> -1;12 & 10;12 | 3;12 # 10;1 | 2 & 3;1 # 2 | 4;1 + 2 << 1;~1 # 3 + 4
mod(10, 3);mod(-10, 3);mod(10.7, 3);-9223372036854775808;-(-9223372036854775807);:minint + 1;:maxint - 1
:maxint / 2;:minint / 3;17 / (4|1) + ( 4 + (7 >> 2));- (3 * 4 - (-(~ 1) + -(~ 0))) / -1 + 3 % -1
1.5 + 2;1.0/0;-1.0/0;0.0/0;1/0.0;1e300*1e300;1e+30;1e30;-0.5421;0.1+0.2;1/3.0;2.0/3
123456789012345678.0;1e15;1e16;1e-5;0.0001;0.00001;1e21;123456.789e3;-0.0;0 - 0.0;0.0 * -1;5.0 % 3
1.5 * 2;3.0 - 3;10.0 / 4;.5;5.;1.e2;0.1e1;123456789012345;1234567890123456.0;0.000123456789;1.5e-7
100000000000000000000.0;1e100;2.5e-308;1e-300 * 1e-24;1e308 * 10;-1e308 * 10;9007199254740993.0;0.1 * 3
1 < 2;2 < 1;1 <= 1;1 > 2;1 >= 1;1 = 1;1 <> 1;1 != 2;1.0 = 1;0.1 + 0.2 = 0.3;1 < 1.5;(0.0/0) = (0.0/0)
(0.0/0) <> (0.0/0);(0.0/0) < 1;1.0/0 > 1e308;-0.0 = 0.0;9007199254740993 = 9007199254740992.0
true AND false;true OR false;NOT true;NOT false;NULL AND false;NULL OR true;false AND NULL;true AND NULL
false OR NULL;true OR NULL;NOT NULL;NULL IS NULL;1 IS NULL;1 ISNULL;1 NOTNULL;NULL IS NOT NULL
true IS TRUE;false IS TRUE;NULL IS TRUE;1 IS TRUE;true IS NOT FALSE;NULL IS NOT TRUE;1 IS NULL IS NULL
1 = 1 IS TRUE;NOT 1 = 2;true AND true OR false;false OR true AND false;NOT NOT true;1 + 1 IS NULL
case when 1 then 2 end;case when 0 then 2 end;case when 0 then 1 when 2 then 3 else 4 end
case when null then 1 else 2 end;case when 0.0 then 1 else 2 end;CASE WHEN true THEN NULL END
case when 1 = 0 then 1.5 else 2 end;case when -0.0 then 1 else 0 end;case when 0.0/0 then 1 else 0 end
NULL + 1;NULL * 2.0;abs(NULL);least(1, NULL);greatest(NULL, 2);random(NULL, 1);hash(NULL);pow(NULL, 2)
int(NULL);NULL = NULL;NULL < 1;-NULL;~NULL;NULL % 0;NULL / 0;sqrt(NULL);permute(NULL, 0)
abs(-5);abs(5);abs(-5.5);abs(-0.0);abs(-9223372036854775808);abs(0);abs(, -7);least(3,1,2);greatest(3,1,2)
least(1, 2.5);greatest(1, 2.5);least(1.5, 1);greatest(-1, -1.0);least(0.0/0, 1);least(1, 0.0/0)
greatest(0.0/0, 1);greatest(1, 0.0/0);least(5);greatest(2.5);least(1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16)
sqrt(2);sqrt(-1);ln(10);ln(0);ln(-1);exp(1);exp(710);exp(-1000);pi();int(2.5);int(3.5);int(-2.5)
int(-0.5);int(1e18);int(9.2e18);int(-9223372036854775808.0);double(3);double(-9223372036854775808)
pow(2, 0.5);pow(-8, 1.0/3);pow(0, -1);pow(-1, 0.5);power(2, 10);pow(2, 1023) * 2;pow(-3,3);pow(0,0)
pow(2.0,10);pow(-2,-3);pow(9223372036854775807, 2);pow(10,30);exp(ln(2));sqrt(1e-300 * 1e-10)
:s1 + 1;:s2 * 2;:s3;:s4;:s5;:s6;:s7;:s8;:s9;:scale;:client_id;:random_seed;:default_seed
hash(10);hash(10, 5432);hash_murmur2(-1, 0);hash_fnv1a(0, 0);hash_fnv1a(-1);hash(9223372036854775807, -1)
hash_fnv1a(123, 456);hash(1.5);hash(2.5, 1);HASH_FNV1A(10, 5432);hash_murmur2(:minint, :maxint)
permute(0, 10);permute(5, 10, 1);permute(-1, 10, 1);permute(9223372036854775807, 100, 3);permute(7, 1)
permute(12345, 1000000, 42);permute(1, 2);permute(3, 1000000007, -5);permute(:maxint, :maxint);permute(0, 2, 5431)"""
rand = r"""random(1, 10);random(1, 10);random(1, 10);random(-100, 100);random(0, 0)
random(-4611686018427387904, 4611686018427387902);random(1.4, 10.6);random(1, 1000000000000)
random_exponential(1, 1000, 2.5);random_exponential(1, 10, 0.01);random_exponential(-5, 5, 100)
random_gaussian(1, 1000, 2.0);random_gaussian(1, 1000, 5);random_gaussian(-1000000, 1000000, 3.5)
random_zipfian(1, 1000, 1.001);random_zipfian(1, 100, 2.5);random_zipfian(1, 1, 1.5);random_zipfian(5, 5, 500)
random_zipfian(1, 9223372036854775806, 1.5);random_exponential(1, 10, 0.0/0);random_gaussian(1, 10, 1.0/0)
random(1, 2);random(1, 2);random(1, 2);random_zipfian(1, 10, 1000);hash(10);permute(5, 100)"""
errors = r"""1/0;1%0;-9223372036854775808/-1;:minint / -1;9223372036854775807+1;-9223372036854775808-1
9223372036854775807*2;int(1e19);int(0.0/0);int(1.0/0);int(-1e30);int(9223372036854775807.0);true + 1
1 + true;true = true;true < 1.0;NOT 1;NOT 1.5;1 AND true;true AND 1;1 OR true;false OR 2.5;ln(true)
random(1, 0);random(0, 9223372036854775807);random(:minint, :maxint);random(-1, 9223372036854775807)
random_gaussian(1, 10, 1.9);random_exponential(1, 10, 0);random_exponential(1, 10, -1)
random_zipfian(1, 10, 1.0);random_zipfian(1, 10, 1001);permute(1, 0);permute(1, -5);hash(1, true)
least(1, true);greatest(1.5, true);:nosuchvar;:big;:plus;:bad;:sp;:tr + 1
least(0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16);random(true, 1);pow(true, 1)
mod(1.5, 0);1 % 0.4;sqrt(false);-true;~1.5e19;1 << true;abs(true);int(true);double(false)
1/0;:nosuchvariable;least(0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16);random(5,3)
random_gaussian(0, 10, 1.0);random_exponential(0, 10, 0.0);random_zipfian(0, 10, 1)
random_zipfian(0, 10, 1000000);:foo + 1;NOT 0.0;TRUE + 2;ln(TRUE);random(FALSE, TRUE);int(1E32)
(1<<62) + (1<<62);0 - (1<<62) - (1<<62) - (1<<62);2 * (1<<62);:badtrue or true;permute(0, 0)
:null IS NULL AND :true AND :one = 1 AND :zero = 0"""

def split(block):
    return [e for line in block.splitlines() for e in line.split(';')]

runs = []
for seed in ['1', '5432']:
    runs.append((seed, D_COMMON + DSEED, split(arith)))
for seed in ['1', '42', '5432', '123456789']:
    runs.append((seed, D_COMMON + DSEED, split(rand)))
# without -D default_seed: the second value drawn from the base generator
runs.append(('777', D_COMMON, ['hash(10)', ':default_seed', 'random(1, 6)', 'permute(3, 10)']))
for e in split(errors):
    runs.append(('1', D_COMMON + DSEED, [e]))

n = 0
with open(os.path.join(D, 'golden-expr.tsv'), 'w') as out:
    out.write('# run\tseed\t-D options\texpression\texpected (debug() value or error: message)\n')
    for i, (seed, defs, exprs) in enumerate(runs):
        script = ''.join('\\set v%d debug(%s)\n' % (k, e) for k, e in enumerate(exprs))
        rc, err = run(script, ['--random-seed=' + seed] + defs)
        lines = err.splitlines()
        vals = {}
        for l in lines:
            m = re.match(r'debug\(script=0,command=(\d+)\): (.*)$', l)
            if m:
                vals[int(m.group(1)) - 1] = m.group(2)
        errs = [l[len('pgbench: error: '):] for l in lines if l.startswith('pgbench: error: ')]
        for k, e in enumerate(exprs):
            if k in vals:
                exp = vals[k]
            else:
                assert rc == 2 and len(exprs) == 1, (e, rc, err)
                msg = errs[0] if errs and not errs[0].startswith('client 0 aborted') else ''
                exp = 'error: ' + msg
            out.write('%d\t%s\t%s\t%s\t%s\n' % (i, seed, ' '.join(d.replace(' ', '\\s') for d in defs), e, exp))
            n += 1
print(n, 'golden expressions')
PY
fi
