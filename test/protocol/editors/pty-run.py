"""Runs an editor in a pseudo-terminal, as a user's terminal would, for editors whose plugins need one
(YouCompleteMe does not load under `vim -es`). Usage:

    python3 pty-run.py ANSWERS TRANSCRIPT -- COMMAND [ARG...]

Nothing is typed unless the driver asks, by writing ANSWERS (JSON), which this deletes once done:
`{"keys": KEYS}` types KEYS at once (an edit as a user makes it, so the editor's own events follow);
`{"choose": TEXT}`, written before a command that shows a numbered list (Vim's inputlist()), reads
the list off the screen as a user would and types the number of the first item containing TEXT
and Enter. The terminal's output is kept in TRANSCRIPT for a failing test to show.
Exits with the editor's exit status.
"""
import fcntl
import json
import os
import pty
import re
import select
import signal
import struct
import sys
import termios

ESCAPES = re.compile(rb'\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b[()][0-9A-Za-z]|\x1b[=>78]')
ITEM = re.compile(r'(?m)^\s*(\d+): (.*)$')


def main():
    answers, transcript, separator, *command = sys.argv[1:]
    if separator != '--' or not command:
        sys.exit('usage: pty-run.py ANSWERS TRANSCRIPT -- COMMAND [ARG...]')
    pid, master = pty.fork()
    if pid == 0:
        os.execvp(command[0], command)
    # Stopped (a test's budget ran out): end the editor and what it started, keep the transcript.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(124))
    # A wide screen, so no list item is cut at its edge.
    fcntl.ioctl(master, termios.TIOCSWINSZ, struct.pack('HHHH', 50, 240, 0, 0))
    output = bytearray()
    asked_from = None
    try:
        while True:
            ready, _, _ = select.select([master], [], [], 0.05)
            if ready:
                try:
                    chunk = os.read(master, 65536)
                except OSError:
                    break
                if not chunk:
                    break
                output += chunk
            if os.path.exists(answers):
                if asked_from is None:
                    asked_from = len(output)
                typed = to_type(answers, output[asked_from:])
                if typed is not None:
                    os.write(master, typed.encode())
                    os.remove(answers)
                    asked_from = None
    finally:
        with open(transcript, 'wb') as file:
            file.write(bytes(output[-200_000:]))
        # The editor's servers (ycmd, the language server) run in its process group: none outlives it.
        try:
            os.killpg(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    _, status = os.waitpid(pid, 0)
    sys.exit(os.waitstatus_to_exitcode(status))


def to_type(answers, screen):
    """What to type for the request in ANSWERS, given the screen since it was made; None: not yet."""
    try:
        with open(answers, encoding='utf-8') as file:
            request = json.load(file)
    except ValueError:
        return None  # still being written
    if 'keys' in request:
        return request['keys']
    text = ESCAPES.sub(b'\n', bytes(screen)).decode('utf-8', 'replace')
    if 'Type number and <Enter>' not in text:
        return None
    for number, item in ITEM.findall(text):
        if request['choose'] in item:
            return f'{number}\r'
    return '\r'  # what a user types to cancel a list without the wanted item: the driver then fails


if __name__ == '__main__':
    main()
