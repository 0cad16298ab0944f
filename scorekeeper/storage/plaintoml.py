"""Read TOML: the plain forms scorekeeper writes and its rulesets use, without importing tomllib.

Importing tomllib compiles its regular expressions: about 11 million instructions, some 3-4 ms of every
command, for files that use a handful of TOML's forms. ``plain`` reads exactly those forms: comments,
``[table]`` headers, ``key = value`` with bare or "quoted" keys, basic strings, integers, booleans, arrays and
inline tables. Text in any other form (dates, floats, literal or multi-line strings, dotted keys, arrays of
tables, underscores in numbers) and any broken text is left to tomllib: ``loads`` always returns what
``tomllib.loads`` returns, or raises its error with the line (a property test holds the two together).
"""

_BARE = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")
_DIGITS = frozenset("0123456789")
_HEX = frozenset("0123456789abcdefABCDEF")
_AFTER_SCALAR = frozenset(" \t\n\r,]}#")
_ESCAPES = {"b": "\b", "t": "\t", "n": "\n", "f": "\f", "r": "\r", '"': '"', "\\": "\\"}


class TomlError(ValueError):
    """Broken TOML: tomllib's error as it is (``str``), its message without the place (``msg``), and its line."""

    def __init__(self, message: str, msg: str, lineno: int | None) -> None:
        super().__init__(message)
        self.msg = msg
        self.lineno = lineno


def loads(text: str) -> dict:
    """``tomllib.loads(text)``, read without tomllib when the text is plain; TomlError when it is broken."""
    data = plain(text)
    if data is not None:
        return data
    import tomllib

    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        line = _error_line(error, text)
        raise TomlError(str(error), _without_place(getattr(error, "msg", str(error))), line) from None
    except (ValueError, RecursionError) as error:  # a number of thousands of digits, arrays nested too deep
        message = "nested too deeply" if isinstance(error, RecursionError) else str(error)
        raise TomlError(message, message, None) from None


def plain(text: str) -> dict | None:
    """The document, when ``text`` is plain TOML (see the module); None leaves it to tomllib."""
    try:
        return _Reader(text).document()
    except (_NotPlain, IndexError, ValueError, RecursionError):
        return None


class _NotPlain(Exception):
    """The text uses a form left to tomllib, or is broken."""


class _Reader:
    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0

    def peek(self) -> str:
        return self.text[self.pos:self.pos + 1]

    def document(self) -> dict:
        root: dict = {}
        table = root
        while True:
            self.skip_blank()
            if self.pos >= len(self.text):
                return root
            if self.peek() == "[":
                if self.text.startswith("[[", self.pos):
                    raise _NotPlain
                self.pos += 1
                self.skip_spaces()
                name = self.key()
                self.skip_spaces()
                self.expect("]")
                if name in root:  # a table defined twice, or a key of that name: an error, or a form left out
                    raise _NotPlain
                table = root[name] = {}
            else:
                self.pair(table)
            self.end_of_line()

    def pair(self, table: dict) -> None:
        name = self.key()
        self.skip_spaces()
        self.expect("=")
        self.skip_spaces()
        value = self.value()
        if name in table:
            raise _NotPlain
        table[name] = value

    def expect(self, char: str) -> None:
        if self.peek() != char:
            raise _NotPlain
        self.pos += 1

    def skip_spaces(self) -> None:
        text = self.text
        while self.pos < len(text) and text[self.pos] in " \t":
            self.pos += 1

    def skip_blank(self) -> None:
        """Spaces, comments and line ends (between lines, and inside arrays)."""
        while True:
            self.skip_spaces()
            char = self.peek()
            if char == "#":
                self.comment()
            elif not self.line_end():
                return

    def comment(self) -> None:
        end = self.text.find("\n", self.pos)
        if end < 0:
            end = len(self.text)
        elif self.text[end - 1] == "\r":  # a line ending \r\n
            end -= 1
        _checked(self.text[self.pos + 1:end])
        self.pos = end

    def end_of_line(self) -> None:
        self.skip_spaces()
        if self.peek() == "#":
            self.comment()
        if self.pos < len(self.text) and not self.line_end():
            raise _NotPlain

    def line_end(self) -> bool:
        """Step over a line end (LF or CRLF) if one is here."""
        size = 1 if self.peek() == "\n" else 2 if self.text.startswith("\r\n", self.pos) else 0
        self.pos += size
        return size > 0

    def key(self) -> str:
        if self.peek() == '"':
            return self.string()
        start = self.pos
        text = self.text
        while self.pos < len(text) and text[self.pos] in _BARE:
            self.pos += 1
        if self.pos == start:
            raise _NotPlain
        return text[start:self.pos]

    def value(self):
        char = self.peek()
        if char == '"':
            if self.text.startswith('"""', self.pos):
                raise _NotPlain
            return self.string()
        if char == "[":
            return self.array()
        if char == "{":
            return self.inline_table()
        if char in ("t", "f"):
            for word, meaning in (("true", True), ("false", False)):
                if self.text.startswith(word, self.pos):
                    self.pos += len(word)
                    self.scalar_ends()
                    return meaning
            raise _NotPlain
        return self.integer()

    def scalar_ends(self) -> None:
        if self.pos < len(self.text) and self.text[self.pos] not in _AFTER_SCALAR:
            raise _NotPlain

    def integer(self) -> int:
        text = self.text
        start = self.pos
        if self.peek() in ("+", "-"):
            self.pos += 1
        digits = self.pos
        while self.pos < len(text) and text[self.pos] in _DIGITS:
            self.pos += 1
        if self.pos == digits or (text[digits] == "0" and self.pos - digits > 1):  # no digits, or a leading 0
            raise _NotPlain
        self.scalar_ends()
        return int(text[start:self.pos])

    def string(self) -> str:
        """A basic string on one line; the position is at its opening quote."""
        text = self.text
        pos = self.pos + 1
        end = text.find('"', pos)  # the closing quote, unless an escape (\") comes first
        parts = []
        while True:
            if end < 0:
                raise _NotPlain
            slash = text.find("\\", pos, end)
            if slash < 0:
                parts.append(_checked(text[pos:end]))
                self.pos = end + 1
                return "".join(parts)
            parts.append(_checked(text[pos:slash]))
            pos = slash + 1
            code = text[pos:pos + 1]
            if code in _ESCAPES:
                parts.append(_ESCAPES[code])
                pos += 1
            elif code in ("u", "U"):
                size = 4 if code == "u" else 8
                digits = text[pos + 1:pos + 1 + size]
                if len(digits) != size or not set(digits) <= _HEX:
                    raise _NotPlain
                point = int(digits, 16)
                if point > 0x10FFFF or 0xD800 <= point <= 0xDFFF:
                    raise _NotPlain
                parts.append(chr(point))
                pos += 1 + size
            else:
                raise _NotPlain
            if pos > end:  # the escape took the quote found: look for the next one
                end = text.find('"', pos)

    def array(self) -> list:
        self.pos += 1
        items = []
        while True:
            self.skip_blank()
            if self.peek() == "]":
                self.pos += 1
                return items
            items.append(self.value())
            self.skip_blank()
            if self.closes("]"):
                return items

    def inline_table(self) -> dict:
        self.pos += 1
        table: dict = {}
        self.skip_spaces()
        if self.peek() == "}":
            self.pos += 1
            return table
        while True:
            self.skip_spaces()
            self.pair(table)
            self.skip_spaces()
            if self.closes("}"):
                return table

    def closes(self, bracket: str) -> bool:
        """After an item: True at the closing bracket, False at a comma (both are stepped over)."""
        char = self.peek()
        self.pos += 1
        if char not in (bracket, ","):
            raise _NotPlain
        return char == bracket


def _checked(chunk: str) -> str:
    """A piece of a basic string or a comment: no control characters (a line end among them) but tab."""
    if any(char < " " and char != "\t" or char == "\x7f" for char in chunk):
        raise _NotPlain
    return chunk


def _without_place(message: str) -> str:
    """tomllib's message without the place it ends with (the line is given apart): "Invalid value (at line
    3, column 7)" -> "Invalid value (column 7)"; "(at end of document)" -> "(at the end of the file)"."""
    if message.endswith(" (at end of document)"):
        return message[:-len(" (at end of document)")] + " (at the end of the file)"
    head, marker, place = message.rpartition(" (at line ")
    if marker and ", column " in place:
        return f"{head} (column {place.split(', column ', 1)[1]}"
    return message


def _error_line(error: Exception, text: str = "") -> int | None:
    """The line a tomllib.TOMLDecodeError points at (its message ends "(at line L, column C)"); at the end of
    the document, the file's last line that holds anything."""
    line = getattr(error, "lineno", None)
    if line:
        return line
    message = str(error)
    if message.endswith("(at end of document)"):
        return text.rstrip().count("\n") + 1
    marker = "(at line "
    if marker in message:
        try:
            return int(message.split(marker, 1)[1].split(",", 1)[0])
        except ValueError:
            return None
    return None
