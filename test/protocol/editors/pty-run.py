"""Runs an editor in a pseudo-terminal, as a user's terminal would, for editors whose plugins need one
(YouCompleteMe does not load under `vim -es`). Usage:

    python3 pty-run.py ANSWERS TRANSCRIPT -- COMMAND [ARG...]

The driver asks for keys by writing ANSWERS (JSON), which this deletes once done:
`{"keys": KEYS}` types KEYS at once (an edit as a user makes it, so the editor's own events follow);
`{"choose": TEXT}`, written before a command that shows a numbered list (Vim's inputlist()), reads
the list off the screen as a user would and types the number of the first item containing TEXT and
Enter. Otherwise only a "Press ENTER" prompt (messages longer than the command line) is answered,
with Escape (which does nothing once the prompt is gone, where Enter would move the cursor). The
terminal's output is kept in TRANSCRIPT for a failing test to show. Exits with the editor's exit status.
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
    # Where the output stood when the last list and the last "Press ENTER" prompt were answered: a new
    # one appears after it (the driver may ask before or after the list shows, whenever this reads).
    chose_to = 0
    answered_to = 0
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
                if b'Press ENTER' in output[answered_to:]:
                    os.write(master, b'\x1b')
                    answered_to = len(output)
            if os.path.exists(answers):
                typed = to_type(answers, output[chose_to:])
                if typed is not None:
                    os.remove(answers)  # first: once the keys are typed, the driver may ask again
                    os.write(master, typed.encode())
                    chose_to = len(output)
    finally:
        with open(transcript, 'wb') as file:
            file.write(bytes(output[-200_000:]))
        # None of what the editor started outlives it: ycmd runs in a session of its own, so its
        # processes are found by their parents, while the editor still runs (a stopped test).
        for process in [pid, *descendants(pid)]:
            try:
                os.kill(process, signal.SIGKILL)
            except ProcessLookupError:
                pass
    _, status = os.waitpid(pid, 0)
    sys.exit(os.waitstatus_to_exitcode(status))


def descendants(root):
    """The processes started, directly or not, by `root` (read from /proc)."""
    children = {}
    for entry in os.listdir('/proc'):
        if entry.isdigit():
            try:
                with open(f'/proc/{entry}/stat', encoding='utf-8', errors='replace') as file:
                    parent = int(file.read().rsplit(')', 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(parent, []).append(int(entry))
    found, pending = [], [root]
    while pending:
        for child in children.get(pending.pop(), []):
            found.append(child)
            pending.append(child)
    return found


def to_type(answers, screen):
    """What to type for the request in ANSWERS, given the screen since it was made; None: not yet."""
    try:
        with open(answers, encoding='utf-8') as file:
            request = json.load(file)
    except ValueError:
        return None  # still being written
    if 'keys' in request:
        return request['keys']
    text = ESCAPES.sub(b'', bytes(screen)).replace(b'\r', b'\n').decode('utf-8', 'replace')
    if 'Type number and <Enter>' not in text:
        return None
    for number, item in ITEM.findall(text):
        if request['choose'] in item:
            return f'{number}\r'
    return '\r'  # what a user types to cancel a list without the wanted item: the driver then fails


if __name__ == '__main__':
    main()
