"""No crash reaches the player: every action, message handler, callback and worker of the
app's classes runs guarded, and an error nobody foresaw is reported, never fatal.

Textual ends the app on any exception that leaves a handler, and stops the message loop of
the widget or screen it came from. So the guard sits around each handler itself: a class
that derives from :class:`Guarded` (the app, every screen, dialog and widget of ours with a
handler; a test finds one that does not) has, at its creation, each of its own

- actions (``action_*``) and key methods (``key_*``),
- message and event handlers by name (``on_*``, ``_on_*``) and watchers (``watch_*``),
- handlers declared with Textual's ``@on`` (whatever name),

wrapped (:func:`guarded`); and what it hands to Textual to run later goes through the guard
too: its workers (``run_worker``, and so every ``@work`` method), timers (``set_timer``,
``set_interval``) and callbacks (``call_later``, ``call_after_refresh``, ``call_next``: a
dialog's answer comes back to the screen that opened it through ``call_next``).

A guarded call that raises tells the app (:class:`ReportsFailures`: ``report_failure(error,
what)``) and returns None: the app writes a report file, autosaves and says so in a dialog,
and goes on. Only Textual's own signal :class:`~textual.actions.SkipAction` passes through.
An app that cannot report (a test's bare ``App``) gets the error as before.

Public API only: the wrapping happens in a metaclass derived from Textual's own (whatever it
is: ``type(MessagePump)``) before Textual's registers the ``@on`` handlers, and the marks
``@on`` leaves on a function are found by trying ``on`` once (:data:`ON_MARKS`), not by name.
"""

from __future__ import annotations

import functools
import inspect
import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, runtime_checkable

from textual.actions import SkipAction
from textual.message_pump import MessagePump

if TYPE_CHECKING:
    from textual.dom import DOMNode
    from textual.timer import Timer, TimerCallback
    from textual.worker import Worker, WorkType

    _Base = DOMNode
else:
    _Base = object

F = TypeVar("F", bound=Callable[..., Any])
R = TypeVar("R")

#: the attribute a guarded function carries: what it does, in words (true: guarded)
GUARD_MARK = "__horizon_guarded__"
#: names of the methods a Guarded class has guarded, by their start
GUARDED_PREFIXES = ("action_", "key_", "on_", "_on_", "watch_", "_watch_")


@runtime_checkable
class ReportsFailures(Protocol):
    """What the app does with an error a guard caught (the app's ``report_failure``)."""

    def report_failure(self, error: BaseException, what: str) -> None: ...


def _marks_of_on() -> frozenset[str]:
    """The attributes Textual's ``@on`` sets on the function it declares a handler: found by
    declaring one (so no private name of Textual is written here)."""
    from textual import events, on

    def probe(self: object, event: events.Key) -> None:
        """A handler, declared only to see what ``@on`` marks it with."""

    before = set(vars(probe))
    on(events.Key)(probe)
    return frozenset(set(vars(probe)) - before)


#: what ``@on`` leaves on a handler (empty: Textual declares them some other way now, and the
#: test that injects a failing ``@on`` handler says so)
ON_MARKS = _marks_of_on()


def is_handler(name: str, value: object) -> bool:
    """True for what a Guarded class guards: an action, a handler (by name or ``@on``), a
    watcher, a key method."""
    if not callable(value) or isinstance(value, type):
        return False
    if name.startswith(GUARDED_PREFIXES):
        return True
    return any(mark in getattr(value, "__dict__", ()) for mark in ON_MARKS)


def is_guarded(function: object) -> bool:
    return bool(getattr(function, GUARD_MARK, False))


def _words(name: str) -> str:
    return name.strip("_").replace("_", " ")


def _owner_words(owner: str) -> str:
    """``ExportScreen`` → "the export screen"; the app is "the app"."""
    if owner.endswith("App"):
        return "the app"
    return "the " + re.sub(r"(?<=[a-z0-9])(?=[A-Z])", " ", owner).lower()


def describe(name: str, owner: str) -> str:
    """What a method of class ``owner`` does, for the one line of the failure dialog."""
    if name.startswith("action_"):
        return f"The action “{_words(name[7:])}” of {_owner_words(owner)}"
    if name.startswith(("on_", "_on_")):
        return f"Handling “{_words(name.lstrip('_')[3:])}” in {_owner_words(owner)}"
    if name.startswith(("watch_", "_watch_")):
        return f"Showing a change of “{_words(name.lstrip('_')[6:])}” in {_owner_words(owner)}"
    return f"“{_words(name)}” in {_owner_words(owner)}"


def _app_of(node: object) -> object:
    """The app a node belongs to (the app itself), or None."""
    from textual.app import App

    if isinstance(node, App):
        return node
    try:
        return node.app if isinstance(node, MessagePump) else None
    except Exception:  # no app (not mounted, or gone)
        return None


def failed(node: object, error: Exception, what: str) -> None:
    """A guarded call on ``node`` raised ``error``: its app reports it (or, when it cannot,
    the error goes on as if there were no guard). Called in the ``except`` block."""
    app = _app_of(node)
    if not isinstance(app, ReportsFailures):
        raise error
    app.report_failure(error, what)


def guarded(function: F, what: str | None = None) -> F:
    """``function`` (a method: its first argument is the node) with its errors reported to
    the app instead of ending it; ``what`` names it in the dialog (by default: from its name
    and class). Already guarded: as it is."""
    if is_guarded(function):
        return function
    owner = getattr(function, "__qualname__", "").rpartition(".")[0].rpartition(".")[2]
    label = what or describe(getattr(function, "__name__", "work"), owner)
    if inspect.iscoroutinefunction(function):
        @functools.wraps(function)
        async def guard_async(self: object, *args: Any, **kwargs: Any) -> Any:
            try:
                return await function(self, *args, **kwargs)
            except SkipAction:
                raise
            except Exception as error:
                failed(self, error, label)
                return None

        wrapper: Callable[..., Any] = guard_async
    else:
        @functools.wraps(function)
        def guard(self: object, *args: Any, **kwargs: Any) -> Any:
            try:
                return function(self, *args, **kwargs)
            except SkipAction:
                raise
            except Exception as error:
                failed(self, error, label)
                return None

        wrapper = guard
    setattr(wrapper, GUARD_MARK, label)
    return wrapper  # type: ignore[return-value]


def guard_call(node: object, callback: Callable[..., Any], what: str) -> Callable[..., Any]:
    """A callback for Textual to run later (a timer, ``call_later``, a dialog's answer),
    guarded for ``node``: an awaitable it returns is awaited inside the guard. Textual gives
    it the arguments the callback itself takes (the wrapper shows its signature)."""
    if is_guarded(callback):
        return callback

    @functools.wraps(callback)
    async def guard_callback(*args: Any, **kwargs: Any) -> Any:
        try:
            result = callback(*args, **kwargs)
            if inspect.isawaitable(result):
                result = await result
            return result
        except SkipAction:
            raise
        except Exception as error:
            failed(node, error, what)
            return None

    setattr(guard_callback, GUARD_MARK, what)
    return guard_callback


def guard_work(node: object, work: Any, what: str, thread: bool) -> Any:
    """A worker's work (a function, a coroutine function, a coroutine or awaitable), guarded
    for ``node`` and shaped as Textual runs it: a thread's plain function stays plain."""
    if is_guarded(work):
        return work
    if inspect.isawaitable(work):
        async def guard_awaitable() -> Any:
            try:
                return await work
            except Exception as error:
                failed(node, error, what)
                return None

        return guard_awaitable()
    if inspect.iscoroutinefunction(work) or inspect.iscoroutinefunction(getattr(work, "func", None)):
        async def guard_coroutine() -> Any:
            try:
                return await work()
            except Exception as error:
                failed(node, error, what)
                return None

        setattr(guard_coroutine, GUARD_MARK, what)
        return guard_coroutine
    if thread and callable(work):
        def guard_thread() -> Any:
            try:
                return work()
            except Exception as error:
                failed(node, error, what)
                return None

        setattr(guard_thread, GUARD_MARK, what)
        return guard_thread
    return work  # not something Textual runs: its own error says so


def _callback_words(callback: object) -> str:
    name = getattr(callback, "__name__", None) or getattr(getattr(callback, "func", None),
                                                          "__name__", None)
    return f"“{_words(str(name or 'a callback'))}”"


class GuardedMeta(type(MessagePump)):  # type: ignore[misc]  # Textual's metaclass, whatever it is
    """Guards a class's own handlers (see the module) as the class is made, before Textual's
    metaclass registers its ``@on`` handlers, so that those are the guarded functions."""

    def __new__(mcs, name: str, bases: tuple[type, ...], namespace: dict[str, Any],
                **kwargs: Any) -> Any:
        for key, value in list(namespace.items()):
            if is_handler(key, value) and not isinstance(value, (staticmethod, classmethod)):
                namespace[key] = guarded(value, describe(key, name))
        return super().__new__(mcs, name, bases, namespace, **kwargs)


class GuardedCalls(_Base):
    """What a :class:`Guarded` node gives Textual to run later, guarded as it is given."""

    def run_worker(self, work: WorkType[R], name: str | None = "", group: str = "default",
                   description: str = "", exit_on_error: bool = True, start: bool = True,
                   exclusive: bool = False, thread: bool = False) -> Worker[R]:
        if name and name.isidentifier():  # a @work method's: named after it
            what = describe(name, type(self).__name__)
        else:
            what = name or description or f"The work {_callback_words(work)}"
        return super().run_worker(guard_work(self, work, what, thread), name=name, group=group,
                                  description=description, exit_on_error=exit_on_error,
                                  start=start, exclusive=exclusive, thread=thread)

    def set_timer(self, delay: float, callback: TimerCallback | None = None, *,
                  name: str | None = None, pause: bool = False) -> Timer:
        if callback is not None:
            callback = guard_call(self, callback, f"The timer {_callback_words(callback)}")
        return super().set_timer(delay, callback, name=name, pause=pause)

    def set_interval(self, interval: float, callback: TimerCallback | None = None, *,
                     name: str | None = None, repeat: int = 0, pause: bool = False) -> Timer:
        if callback is not None:
            callback = guard_call(self, callback, f"The timer {_callback_words(callback)}")
        return super().set_interval(interval, callback, name=name, repeat=repeat, pause=pause)

    def call_after_refresh(self, callback: Callable[..., Any], *args: Any, **kwargs: Any) -> bool:
        return super().call_after_refresh(
            guard_call(self, callback, _callback_words(callback)), *args, **kwargs)

    def call_later(self, callback: Callable[..., Any], *args: Any, **kwargs: Any) -> bool:
        return super().call_later(guard_call(self, callback, _callback_words(callback)),
                                  *args, **kwargs)

    def call_next(self, callback: Callable[..., Any], *args: Any, **kwargs: Any) -> None:
        super().call_next(guard_call(self, callback, _callback_words(callback)), *args, **kwargs)


if TYPE_CHECKING:  # (to a type checker the metaclass is Textual's: it is derived from it)
    Guarded = GuardedCalls
else:
    class Guarded(GuardedCalls, metaclass=GuardedMeta):
        """The base of every class of the app with handlers: the app, screens, dialogs,
        widgets (put it first among the bases). Its handlers are guarded as it is made, and
        what it gives Textual to run later is guarded as it is given."""
