"""Options shared by every ``imbeval`` command, so that they all read alike.

A list option (:func:`add_list_option`, the action :class:`CommaList`) takes its items
separated by commas, repeated, or both: ``--index mcc,gmean``, ``--index mcc --index
gmean`` and ``--index mcc,gmean --index mcc`` all give ``["mcc", "gmean"]`` (duplicates
dropped, first occurrence kept). An empty item (``mcc,,gmean``) is an error naming the
option.

The positive class of two-class indices defaults to scikit-learn's, ``1``
(:data:`POS_LABEL_DEFAULT`); :func:`add_pos_label_option` adds ``--pos-label`` with that
default stated in its help, and :func:`check_pos_label` refuses labels that lack it with
the labels found and the option to use.
"""

from __future__ import annotations

import argparse

__all__ = ["add_command", "USER_INDEX", "CommaList", "add_list_option", "POS_LABEL_DEFAULT",
           "POS_LABEL_HELP", "add_pos_label_option", "check_pos_label"]

#: The CLI's default positive class: scikit-learn's and imbeval's Python API's ``pos_label=1``
#: (labels read from a file are text, so the label ``1`` is the text ``"1"``).
POS_LABEL_DEFAULT = "1"

#: What a user's index named on the command line is, in every command's help (the loader:
#: :func:`imbeval.indices.user.load_index`).
USER_INDEX = ("a function of a stack (..., C, C) named by import path MODULE:FUNC (installed, "
              "./plugins or the current folder)")

#: The help of ``--pos-label``, the default stated.
POS_LABEL_HELP = ("two-class: the label of the positive class, the one two-class indices "
                  "score (default: 1, as in scikit-learn and imbeval's Python API; labels "
                  "without a 1, e.g. yes/no, need it)")


def add_command(subparsers, name, *, help, doc):
    """Add the command ``name`` to ``subparsers``; returns its parser.

    Its ``--help`` shows ``doc`` (the command module's docstring) as written: its line
    breaks and lists are part of the text, so argparse must not refill them.
    """
    return subparsers.add_parser(name, help=help, description=doc,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)


class CommaList(argparse.Action):
    """An argparse action for a list option: items separated by commas and/or repeated.

    The parsed value is a list without duplicates, in order of first occurrence; the
    option's ``default`` (None, or a list or tuple) stands until the option is given.
    ``item_type`` converts each item (an error it raises names the option and the item);
    ``nargs="+"`` also takes space-separated items (``--seeds 1 2,3``).
    """

    def __init__(self, option_strings, dest, nargs=None, item_type=str, default=None,
                 **kwargs):
        if nargs not in (None, "+"):
            raise ValueError(f"CommaList takes nargs None or '+', got {nargs!r}")
        if isinstance(default, str):
            raise ValueError("the default of a list option is None or a list, not a string")
        super().__init__(option_strings, dest, nargs=nargs, default=default, **kwargs)
        self.item_type = item_type

    def split(self, text):
        """The items of one argument ``text``, converted by ``item_type``."""
        option = "/".join(self.option_strings)
        items = [part.strip() for part in str(text).split(",")]
        if any(not part for part in items):
            raise argparse.ArgumentError(
                self, f"empty item in {text!r}: give items separated by commas "
                f"({option} A,B) or repeat the option ({option} A {option} B)")
        out = []
        for part in items:
            try:
                out.append(self.item_type(part))
            except argparse.ArgumentTypeError as exc:
                raise argparse.ArgumentError(self, f"{part!r}: {exc}") from None
            except (TypeError, ValueError):
                kind = getattr(self.item_type, "__name__", "item")
                raise argparse.ArgumentError(self, f"invalid {kind} item {part!r}") from None
        return out

    def __call__(self, parser, namespace, values, option_string=None):
        current = getattr(namespace, self.dest, None)
        merged = [] if current is None or current is self.default else list(current)
        for text in values if isinstance(values, list) else [values]:
            for item in self.split(text):
                if item not in merged:
                    merged.append(item)
        setattr(namespace, self.dest, merged)


def add_list_option(parser, *flags, item="NAME", item_type=str, help, nargs=None,
                    default=None, **kwargs):
    """Add a list option ``flags`` to ``parser`` (action :class:`CommaList`).

    ``item`` names one item in the usage line (``--index NAME[,NAME...]``); the help gets
    "comma-separated or repeated" appended. Other keywords go to ``add_argument``.

    Examples
    --------
    >>> import argparse
    >>> parser = argparse.ArgumentParser()
    >>> _ = add_list_option(parser, "--index", help="indices")
    >>> parser.parse_args(["--index", "mcc,gmean", "--index", "mcc"]).index
    ['mcc', 'gmean']
    """
    return parser.add_argument(
        *flags, action=CommaList, item_type=item_type, nargs=nargs, default=default,
        metavar=f"{item}[,{item}...]", help=f"{help} (comma-separated or repeated)", **kwargs)


def add_pos_label_option(parser, *, aliases=(), dest="pos_label"):
    """Add ``--pos-label LABEL`` (and its ``aliases``; default :data:`POS_LABEL_DEFAULT`,
    stated in the help)."""
    return parser.add_argument("--pos-label", *aliases, dest=dest, default=POS_LABEL_DEFAULT,
                               metavar="LABEL", help=POS_LABEL_HELP)


def check_pos_label(pos_label, classes, source):
    """Refuse a two-class ``classes`` without ``pos_label``: a ``ValueError`` naming the
    labels found in ``source`` and ``--pos-label``. More than two classes pass (the positive
    class is a two-class notion).

    Examples
    --------
    >>> check_pos_label("1", ["0", "1"], "pred.csv")
    >>> check_pos_label("1", ["no", "yes"], "pred.csv")
    Traceback (most recent call last):
    ...
    ValueError: pred.csv: the positive class is 1 by default (as in scikit-learn), but the labels found are 'no', 'yes'; name the positive one with --pos-label, e.g. --pos-label yes
    """
    classes = list(classes)
    if len(classes) != 2 or pos_label in classes:
        return
    found = ", ".join(repr(str(c)) for c in classes)
    given = ("is 1 by default (as in scikit-learn)" if pos_label == POS_LABEL_DEFAULT
             else f"--pos-label {pos_label}")
    if given.startswith("--"):
        raise ValueError(f"{source}: {given} is not among the labels found, {found}; "
                         f"name one of them, e.g. --pos-label {classes[-1]}")
    raise ValueError(f"{source}: the positive class {given}, but the labels found are "
                     f"{found}; name the positive one with --pos-label, e.g. "
                     f"--pos-label {classes[-1]}")
