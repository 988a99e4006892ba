"""One declarative validation of the parameters of every public function of the library.

A function declares what each parameter may be with :func:`validate_params`; the decorator
checks the arguments on every call and raises ``ValueError`` (what every caller of the library
catches, and every existing message was) naming the parameter, the value and what is allowed.
The declaration stays readable on the function as ``function.parameter_constraints``
(parameter name -> list of :class:`Constraint`), so a test can feed every constrained
parameter a value it refuses.

A parameter's constraint list is satisfied when one of its constraints accepts the value.
A constraint is written as

- a type (``int``, ``str``, ``numbers.Real``, ``np.random.Generator``): an instance of it;
- :class:`Interval` -- a number of a kind (``numbers.Integral``, ``numbers.Real``) in a
  range, e.g. ``Interval(Integral, 1, None, closed="left")``;
- :class:`StrOptions` -- one of a set of strings;
- ``None`` -- the value ``None``;
- ``"array-like"`` (a list, tuple, array, Series, ...: not a string), ``"mapping"`` (a dict,
  a Series), ``"boolean"`` (Python's or numpy's bool), ``"callable"``, ``"real"`` (any real
  number, NaN and ±inf included);
- :class:`Check` -- a function ``check(value, name) -> value`` that raises ``ValueError``
  with its own message (for checks of content, such as a confusion-matrix stack);
  a bare function in a constraint list is read as a :class:`Check`.

An accepting constraint passes the value on as it is, but for an ``Interval`` of integers
(an ``int``, as ``range`` needs) and a :class:`Check` (what its function returns). The checks of one argument against another (equal lengths,
labels of ``y_true`` among ``labels``) stay in the functions' bodies.

:func:`check_int`, :func:`check_flag`, :func:`check_level` and :func:`check_positive` apply
the same constraints to a value that is no parameter (a configuration entry, a command-line
option).
"""

from __future__ import annotations

import contextlib
import contextvars
import functools
import inspect
import math
import numbers

__all__ = ["Constraint", "Interval", "StrOptions", "Check", "validate_value",
           "validate_params", "skip_validation", "make_constraint",
           "check_int", "check_flag", "check_level", "check_positive"]


class _Rejected(Exception):
    """Raised by a constraint that refuses a value; ``message`` set for a :class:`Check`."""

    def __init__(self, message=None):
        super().__init__(message)
        self.message = message


class Constraint:
    """One kind of allowed value. Subclasses define :meth:`accept` and :meth:`__str__`.

    ``accept(value)`` returns the value to pass on, or raises :class:`_Rejected`;
    ``str(constraint)`` says the kind in words ("an integer from 4 to 60") for messages.
    ``invalid_example()`` and ``valid_example()`` give a value the constraint refuses and
    one it accepts (for the common tests of every public function).
    """

    def accept(self, value, name):
        raise NotImplementedError

    def invalid_example(self):
        return object()

    def valid_example(self):
        """A value the constraint accepts, or raises LookupError when it knows none."""
        raise LookupError(repr(self))


def _is_bool(value):
    return isinstance(value, bool) or type(value).__name__ == "bool_"


class _InstanceOf(Constraint):
    def __init__(self, kind):
        self.kind = kind

    def accept(self, value, name):
        if isinstance(value, self.kind) and not (
                self.kind in (int, float, numbers.Integral, numbers.Real) and _is_bool(value)):
            return value
        raise _Rejected()

    def __str__(self):
        words = {str: "a string", int: "an integer", float: "a float", dict: "a dict",
                 tuple: "a tuple", list: "a list", numbers.Integral: "an integer",
                 numbers.Real: "a real number"}
        return words.get(self.kind, f"an instance of {self.kind.__qualname__}")

    def valid_example(self):
        try:
            return self.kind()
        except Exception:
            raise LookupError(repr(self)) from None

    def __repr__(self):
        return f"InstanceOf({self.kind.__qualname__})"


class _NoneConstraint(Constraint):
    def accept(self, value, name):
        if value is None:
            return value
        raise _Rejected()

    def valid_example(self):
        return None

    def __str__(self):
        return "None"

    def __repr__(self):
        return "None"


class _Boolean(Constraint):
    def accept(self, value, name):
        if _is_bool(value):
            return bool(value)
        raise _Rejected()

    def invalid_example(self):
        return "yes"

    def valid_example(self):
        return True

    def __str__(self):
        return "True or False"

    def __repr__(self):
        return "'boolean'"


class _Callable(Constraint):
    def accept(self, value, name):
        if callable(value):
            return value
        raise _Rejected()

    def invalid_example(self):
        return 12345

    def valid_example(self):
        return len

    def __str__(self):
        return "a callable"

    def __repr__(self):
        return "'callable'"


class _ArrayLike(Constraint):
    """A sequence or array: has a length, a shape or ``__array__``; not a string."""

    def accept(self, value, name):
        if isinstance(value, (str, bytes)) or value is None:
            raise _Rejected()
        if hasattr(value, "__len__") or hasattr(value, "shape") or hasattr(value, "__array__"):
            return value
        raise _Rejected()

    def invalid_example(self):
        return 12345

    def valid_example(self):
        return [0, 1]

    def __str__(self):
        return "an array-like"

    def __repr__(self):
        return "'array-like'"


class _Mapping(Constraint):
    """A dict or anything read as one (``items()`` and ``[key]``: a Mapping, a Series)."""

    def accept(self, value, name):
        if hasattr(value, "items") and hasattr(value, "__getitem__"):
            return value
        raise _Rejected()

    def invalid_example(self):
        return 12345

    def valid_example(self):
        return {}

    def __str__(self):
        return "a mapping"

    def __repr__(self):
        return "'mapping'"


class _RealNumber(Constraint):
    """Any real number (NaN and ±inf included), passed on as it is."""

    def accept(self, value, name):
        if isinstance(value, numbers.Real) and not _is_bool(value):
            return value
        raise _Rejected()

    def invalid_example(self):
        return "one"

    def valid_example(self):
        return 0.5

    def __str__(self):
        return "a number or NaN"

    def __repr__(self):
        return "'real'"


class Interval(Constraint):
    """A number of kind ``kind`` (``numbers.Integral`` or ``numbers.Real``) in a range.

    ``left``/``right`` None mean unbounded on that side; ``closed`` is "both", "left",
    "right" or "neither". A bool is no number here (``True`` for a size is a mistake); NaN
    is in no interval. ``meaning`` is said after the kind in messages.

    Examples
    --------
    >>> from numbers import Integral, Real
    >>> str(Interval(Integral, 4, 60, closed="both"))
    'an integer from 4 to 60'
    >>> str(Interval(Real, 0, 1, closed="neither"))
    'a number in (0, 1)'
    """

    def __init__(self, kind, left, right, *, closed, meaning=""):
        if kind not in (numbers.Integral, numbers.Real, int, float):
            raise TypeError(f"Interval kind must be numbers.Integral or numbers.Real, got {kind!r}")
        if closed not in ("both", "left", "right", "neither"):
            raise ValueError(f"closed must be 'both', 'left', 'right' or 'neither', got {closed!r}")
        self.kind = numbers.Integral if kind in (numbers.Integral, int) else numbers.Real
        self.left, self.right, self.closed, self.meaning = left, right, closed, meaning

    def accept(self, value, name):
        integral = self.kind is numbers.Integral
        if _is_bool(value) or not isinstance(value, numbers.Integral if integral else numbers.Real):
            raise _Rejected()
        number = int(value) if integral else value
        if not integral and math.isnan(number):
            raise _Rejected()
        low_ok = self.left is None or (number >= self.left if self.closed in ("both", "left")
                                       else number > self.left)
        high_ok = self.right is None or (number <= self.right if self.closed in ("both", "right")
                                         else number < self.right)
        if not (low_ok and high_ok):
            raise _Rejected()
        return number

    def phrase(self):
        """The verb phrase after "must" when this is a parameter's only constraint."""
        if self.kind is numbers.Real and self.left is not None and self.right is not None:
            return "lie in " + str(self)[len("a number in "):]
        return "be " + str(self)

    def valid_example(self):
        if self.left is not None and self.right is not None:
            middle = (self.left + self.right) / 2
            return int(middle) if self.kind is numbers.Integral else middle
        if self.left is not None:
            return self.left + 1
        if self.right is not None:
            return self.right - 1
        return 1

    def invalid_example(self):
        if self.left is not None:
            return self.left - 1
        if self.right is not None:
            return self.right + 1
        return "one"

    def __str__(self):
        left_closed = self.closed in ("both", "left")
        right_closed = self.closed in ("both", "right")
        if self.kind is numbers.Integral:
            low, high = self.left, self.right
            if low is not None and not left_closed:
                low += 1
            if high is not None and not right_closed:
                high -= 1
            if low is not None and high is not None:
                kind = f"an integer from {low} to {high}"
            elif low == 1:
                kind = "a positive integer"
            elif low == 0:
                kind = "a non-negative integer"
            elif low is not None:
                kind = f"an integer >= {low}"
            elif high is not None:
                kind = f"an integer <= {high}"
            else:
                kind = "an integer"
        elif self.left == 0 and self.right is None and not left_closed:
            kind = "positive"
        elif self.left == 0 and self.right is None:
            kind = "a non-negative number"
        elif self.left is not None and self.right is not None:
            kind = (f"a number in {'[' if left_closed else '('}{self.left}, "
                    f"{self.right}{']' if right_closed else ')'}")
        elif self.left is not None:
            kind = f"a number {'>=' if left_closed else '>'} {self.left}"
        elif self.right is not None:
            kind = f"a number {'<=' if right_closed else '<'} {self.right}"
        else:
            kind = "a real number"
        return kind + self.meaning

    def __repr__(self):
        return (f"Interval({self.kind.__name__}, {self.left!r}, {self.right!r}, "
                f"closed={self.closed!r})")


class StrOptions(Constraint):
    """One of the strings ``options``.

    >>> str(StrOptions({"bootstrap", "raise"}))
    "one of 'bootstrap', 'raise'"
    """

    def __init__(self, options):
        self.options = frozenset(options)

    def accept(self, value, name):
        if isinstance(value, str) and value in self.options:
            return value
        raise _Rejected()

    def invalid_example(self):
        return "-".join(sorted(self.options)) + "-unknown"

    def valid_example(self):
        return sorted(self.options)[0]

    def __str__(self):
        return "one of " + ", ".join(repr(o) for o in sorted(self.options))

    def __repr__(self):
        return f"StrOptions({sorted(self.options)!r})"


class Check(Constraint):
    """A check with its own message: ``function(value, name)`` returns the value to pass on
    or raises ``ValueError`` whose message is reported as it is.

    ``description`` says the allowed values in words; ``invalid`` is a value it refuses.
    """

    def __init__(self, function, description=None, invalid=None, valid=None):
        self.function = function
        self.description = description or getattr(function, "__name__", "a valid value")
        self.invalid, self.valid = invalid, valid

    def accept(self, value, name):
        try:
            return self.function(value, name)
        except (ValueError, TypeError) as exc:
            raise _Rejected(str(exc)) from None

    def invalid_example(self):
        return self.invalid if self.invalid is not None else object()

    def valid_example(self):
        if self.valid is None:
            raise LookupError(repr(self))
        return self.valid

    def __str__(self):
        return self.description

    def __repr__(self):
        return f"Check({getattr(self.function, '__name__', self.function)!r})"


_NAMED = {"array-like": _ArrayLike, "boolean": _Boolean, "callable": _Callable,
          "mapping": _Mapping, "real": _RealNumber}


def make_constraint(spec) -> Constraint:
    """The :class:`Constraint` of one entry of a constraint list (see the module docstring).

    >>> make_constraint(None), make_constraint("boolean"), make_constraint(str)
    (None, 'boolean', InstanceOf(str))
    """
    if isinstance(spec, Constraint):
        return spec
    if spec is None:
        return _NoneConstraint()
    if isinstance(spec, str):
        if spec not in _NAMED:
            raise ValueError(f"unknown constraint {spec!r}; use one of {sorted(_NAMED)}")
        return _NAMED[spec]()
    if isinstance(spec, type):
        return _InstanceOf(spec)
    if callable(spec):
        return Check(spec)
    raise TypeError(f"cannot read {spec!r} as a parameter constraint")


def _words(constraints):
    words = [w for c in constraints
             for w in (("True", "False") if isinstance(c, _Boolean) and len(constraints) > 1
                       else (str(c),))]
    if "None" in words:  # said last: "an integer or None"
        words = [w for w in words if w != "None"] + ["None"]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def validate_value(value, name, constraints):
    """``value`` as the first of ``constraints`` that accepts it passes it on, or
    ``ValueError`` naming ``name``, the value and what is allowed.

    A single :class:`Check` (besides ``None``) that refuses reports its own message.
    """
    messages = []
    for constraint in constraints:
        try:
            return constraint.accept(value, name)
        except _Rejected as refused:
            if refused.message:
                messages.append(refused.message)
    checks = [c for c in constraints if not isinstance(c, _NoneConstraint)]
    if len(messages) == 1 and len(checks) == 1:
        raise ValueError(messages[0])
    if len(constraints) == 1 and isinstance(constraints[0], Interval):
        raise ValueError(f"{name} must {constraints[0].phrase()}, got {value!r}")
    raise ValueError(f"{name} must be {_words(constraints)}, got {value!r}")


# Functions decorated with skip_nested=True (the indices of confusion-matrix stacks) call
# one another on a stack validated once: within such a call, nested calls of them skip
# their checks. Other decorated functions always check.
_VALIDATED: contextvars.ContextVar = contextvars.ContextVar("imbeval_validated_call", default=False)


@contextlib.contextmanager
def skip_validation():
    """Within the block, functions decorated with ``skip_nested=True`` skip their checks
    (for a caller that has validated their arguments already)."""
    token = _VALIDATED.set(True)
    try:
        yield
    finally:
        _VALIDATED.reset(token)


def validate_params(constraints: dict, *, skip_nested: bool = False, shared: bool = False):
    """Decorator: check the function's arguments against ``constraints`` on every call.

    Parameters
    ----------
    constraints : dict of str to list
        Parameter name -> its allowed kinds (see the module docstring). A parameter not
        named is not checked.
    skip_nested : bool, default False
        Skip the checks inside a call of another function decorated so (or within
        :func:`skip_validation`), and mark this call so: for functions that call one
        another on arguments validated already.
    shared : bool, default False
        ``constraints`` is a set shared by several functions: those of parameters this one
        lacks are left out (otherwise they are a TypeError, a misspelt name).

    Returns
    -------
    The decorator. The decorated function keeps its name, docstring and signature;
    ``parameter_constraints`` holds the constraints (name -> list of :class:`Constraint`),
    ``__wrapped__`` the undecorated function.

    Raises
    ------
    TypeError
        At decoration, if a constrained parameter is not one of the function's.

    Examples
    --------
    >>> from numbers import Integral
    >>> @validate_params({"n": [Interval(Integral, 1, None, closed="left")],
    ...                   "kind": [StrOptions({"fast", "exact"}), None]})
    ... def draws(n, kind=None):
    ...     return n, kind
    >>> draws(3, kind="fast")
    (3, 'fast')
    >>> draws(0)
    Traceback (most recent call last):
    ...
    ValueError: n must be a positive integer, got 0
    >>> draws(3, kind="slow")
    Traceback (most recent call last):
    ...
    ValueError: kind must be one of 'exact', 'fast' or None, got 'slow'
    >>> sorted(draws.parameter_constraints)
    ['kind', 'n']
    """
    declared = {name: [make_constraint(spec) for spec in specs]
                for name, specs in constraints.items()}

    def decorate(function):
        signature = inspect.signature(function)
        unknown = set(declared) - set(signature.parameters)
        own = {name: c for name, c in declared.items() if name not in unknown} if shared \
            else declared
        if unknown and not shared:
            raise TypeError(f"{function.__name__} has no parameter(s) {sorted(unknown)}")

        @functools.wraps(function)
        def wrapper(*args, **kwargs):
            if skip_nested and _VALIDATED.get():
                return function(*args, **kwargs)
            bound = signature.bind(*args, **kwargs)
            arguments = bound.arguments
            for name, allowed in own.items():
                if name in arguments:
                    arguments[name] = validate_value(arguments[name], name, allowed)
            if not skip_nested:
                return function(*bound.args, **bound.kwargs)
            token = _VALIDATED.set(True)
            try:
                return function(*bound.args, **bound.kwargs)
            finally:
                _VALIDATED.reset(token)

        wrapper.__wrapped__ = function
        wrapper.parameter_constraints = own
        return wrapper

    return decorate


def check_int(value, name: str, *, low: int | None = None, high: int | None = None,
              meaning: str = "") -> int:
    """``value`` as an int, or ValueError naming ``name`` and the allowed range.

    ``meaning`` is said after the kind ("a positive integer (a number of samples)").
    A bool is not an integer here: ``True`` for a size is a mistake.

    Examples
    --------
    >>> check_int(12, "max_n", low=4, high=60)
    12
    >>> check_int(3.0, "max_n", low=4, high=60)
    Traceback (most recent call last):
    ...
    ValueError: max_n must be an integer from 4 to 60, got 3.0
    >>> check_int(0, "positives", low=1, meaning=" (a number of samples)")
    Traceback (most recent call last):
    ...
    ValueError: positives must be a positive integer (a number of samples), got 0
    """
    closed = {(True, True): "both", (True, False): "left", (False, True): "right",
              (False, False): "neither"}[(low is not None, high is not None)]
    return validate_value(value, name, [Interval(numbers.Integral, low, high, closed=closed,
                                                 meaning=meaning)])


def check_flag(value, name: str) -> bool:
    """``value`` as a bool (True, False or numpy's), or ValueError naming ``name``.

    >>> check_flag(False, "degenerate")
    False
    >>> check_flag(1, "degenerate")
    Traceback (most recent call last):
    ...
    ValueError: degenerate must be True or False, got 1
    """
    return validate_value(value, name, [_Boolean()])


#: a probability strictly between 0 and 1 (a coverage, a level, a significance level)
LEVEL = Interval(numbers.Real, 0, 1, closed="neither")
#: a number > 0, infinity included
POSITIVE = Interval(numbers.Real, 0, None, closed="neither")


def check_level(value, name: str = "level") -> float:
    """A coverage (or any probability strictly between 0 and 1) as a float.

    >>> check_level(0.95)
    0.95
    >>> check_level(95)
    Traceback (most recent call last):
    ...
    ValueError: level must lie in (0, 1), got 95
    """
    return float(validate_value(value, name, [LEVEL]))


def check_positive(value, name: str) -> float:
    """A finite or infinite number > 0 as a float, or ValueError naming ``name``.

    >>> check_positive(0.03, "tolerance")
    0.03
    >>> check_positive(0, "tolerance")
    Traceback (most recent call last):
    ...
    ValueError: tolerance must be positive, got 0
    """
    return float(validate_value(value, name, [POSITIVE]))
