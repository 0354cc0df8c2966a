"""The emitters emit.py runs: how each is switched on, with content capture as its documentation says.

Each function gets the stub, the tracer provider and the logger provider (both already global) and runs the
application of its API (emit.run_api) with the instrumentation on.
"""

from __future__ import annotations

from typing import Any

from emit import anthropic_client, emitter, openai_client, run_api

GENAI_ENV = {"OTEL_SEMCONV_STABILITY_OPT_IN": "gen_ai_latest_experimental",
             "OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT": "SPAN_ONLY"}
GENAI_EVENT_ENV = {"OTEL_SEMCONV_STABILITY_OPT_IN": "gen_ai_latest_experimental",
                   "OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT": "EVENT_ONLY",
                   "OTEL_INSTRUMENTATION_GENAI_EMIT_EVENT": "true"}
#: the anthropic SDK traces itself when a global tracer provider is set: off beside another Anthropic emitter, so
#: that each fixture holds one emitter's spans
NO_SDK = {"ANTHROPIC_OPEN_TELEMETRY": "false"}
GENAI_PACKAGES = ["opentelemetry-instrumentation-genai-openai", "opentelemetry-util-genai", "openai"]
GENAI_ANTHROPIC_PACKAGES = ["opentelemetry-instrumentation-genai-anthropic", "opentelemetry-util-genai", "anthropic"]


def _genai_openai(api: str) -> Any:
    def run(stub: Any, provider: Any, lp: Any) -> None:
        from opentelemetry.instrumentation.genai.openai import OpenAIInstrumentor

        inst = OpenAIInstrumentor()
        inst.instrument(tracer_provider=provider, logger_provider=lp)
        try:
            run_api(api, stub, openai_client(stub))
        finally:
            inst.uninstrument()
    return run


emitter("genai-openai-chat", "chat", GENAI_PACKAGES, GENAI_ENV)(_genai_openai("chat"))
emitter("genai-openai-responses", "responses", GENAI_PACKAGES, GENAI_ENV)(_genai_openai("responses"))
emitter("genai-openai-chat-event-only", "chat", GENAI_PACKAGES, GENAI_EVENT_ENV)(_genai_openai("chat"))


@emitter("genai-anthropic", "messages", GENAI_ANTHROPIC_PACKAGES, {**GENAI_ENV, **NO_SDK})
def genai_anthropic(stub: Any, provider: Any, lp: Any) -> None:
    from opentelemetry.instrumentation.genai.anthropic import AnthropicInstrumentor

    inst = AnthropicInstrumentor()
    inst.instrument(tracer_provider=provider, logger_provider=lp)
    try:
        run_api("messages", stub, anthropic_client(stub))
    finally:
        inst.uninstrument()


@emitter("genai-langchain", "chat", ["opentelemetry-instrumentation-genai-langchain", "opentelemetry-util-genai",
                                     "langchain-core", "langchain-openai"], GENAI_ENV)
def genai_langchain(stub: Any, provider: Any, lp: Any) -> None:
    from emit import BOOK, FLIGHTS, SYSTEM, WEATHER, Conversation, script
    from langchain_core.messages import AIMessage, HumanMessage, SystemMessage, ToolMessage
    from langchain_openai import ChatOpenAI
    from opentelemetry.instrumentation.genai.langchain import LangChainInstrumentor

    inst = LangChainInstrumentor()
    inst.instrument(tracer_provider=provider, logger_provider=lp)
    try:
        script(stub, thinking=False)
        llm = ChatOpenAI(model="gpt-4o-mini", base_url=stub.base_url, api_key="stub", max_retries=0).bind_tools(
            [{"type": "function", "function": t} for t in (WEATHER, FLIGHTS, BOOK)])
        with Conversation("conv-parallel"):
            msgs: list[Any] = [SystemMessage(SYSTEM), HumanMessage("What's the weather in Paris and in Rome?")]
            msgs.append(llm.invoke(msgs))
            msgs += [ToolMessage('{"temp_c": 18, "sky": "sunny"}', tool_call_id="call_paris"),
                     ToolMessage('{"temp_c": 21, "sky": "clear"}', tool_call_id="call_rome"),
                     HumanMessage("In Celsius, please.")]
            llm.invoke(msgs)
        with Conversation("conv-partial"):
            msgs = [SystemMessage(SYSTEM), HumanMessage("Find flights to Lisbon and to Porto.")]
            msgs.append(llm.invoke(msgs))
            msgs.append(ToolMessage("LIS 09:40, 14:05", tool_call_id="call_lis"))
            llm.invoke(msgs)
        with Conversation("conv-interrupted"):
            msgs = [SystemMessage(SYSTEM), HumanMessage("Book a table for two tonight.")]
            ai = llm.invoke(msgs)
            assert isinstance(ai, AIMessage)
            msgs += [ai, HumanMessage("Stop, never mind.")]
            llm.invoke(msgs)
    finally:
        inst.uninstrument()


@emitter("anthropic-sdk", "messages", ["anthropic"], {"ANTHROPIC_OPEN_TELEMETRY_TRACES_CONTENT_MODE": "content"})
def anthropic_sdk(stub: Any, provider: Any, lp: Any) -> None:
    run_api("messages", stub, anthropic_client(stub))


@emitter("openllmetry-openai", "chat", ["opentelemetry-instrumentation-openai", "openai"],
         {"TRACELOOP_TRACE_CONTENT": "true"})
def openllmetry_openai(stub: Any, provider: Any, lp: Any) -> None:
    from opentelemetry.instrumentation.openai import OpenAIInstrumentor

    inst = OpenAIInstrumentor()
    inst.instrument(tracer_provider=provider)
    try:
        run_api("chat", stub, openai_client(stub))
    finally:
        inst.uninstrument()


@emitter("openllmetry-anthropic", "messages", ["opentelemetry-instrumentation-anthropic", "anthropic"],
         {"TRACELOOP_TRACE_CONTENT": "true", **NO_SDK})
def openllmetry_anthropic(stub: Any, provider: Any, lp: Any) -> None:
    from opentelemetry.instrumentation.anthropic import AnthropicInstrumentor

    inst = AnthropicInstrumentor()
    inst.instrument(tracer_provider=provider)
    try:
        run_api("messages", stub, anthropic_client(stub))
    finally:
        inst.uninstrument()


def _logfire(api: str) -> Any:
    def run(stub: Any, provider: Any, lp: Any) -> None:
        import logfire
        from emit import BaggageToAttributes
        from opentelemetry.sdk.trace.export import SimpleSpanProcessor

        exporter = provider._active_span_processor._span_processors[1].span_exporter
        logfire.configure(send_to_logfire=False, console=False, service_name="travel-assistant",
                          service_version="1.4.0",
                          additional_span_processors=[BaggageToAttributes(), SimpleSpanProcessor(exporter)])
        client = openai_client(stub) if api == "chat" else anthropic_client(stub)
        if api == "chat":
            logfire.instrument_openai(client)
        else:
            logfire.instrument_anthropic(client)
        run_api(api, stub, client)
        logfire.force_flush()
    return run


LOGFIRE_PACKAGES = ["logfire"]
emitter("logfire-openai", "chat", [*LOGFIRE_PACKAGES, "openai"], {})(_logfire("chat"))
emitter("logfire-anthropic", "messages", [*LOGFIRE_PACKAGES, "anthropic"], NO_SDK)(_logfire("messages"))


def _pydantic_ai(api: str) -> Any:
    def run(stub: Any, provider: Any, lp: Any) -> None:
        from emit import SYSTEM, THINKING, Conversation
        from pydantic_ai import Agent
        from pydantic_ai.messages import (
            ModelRequest,
            ModelResponse,
            SystemPromptPart,
            TextPart,
            ThinkingPart,
            ToolCallPart,
            ToolReturnPart,
            UserPromptPart,
        )
        from pydantic_ai.models.instrumented import InstrumentationSettings

        if api == "chat":
            from pydantic_ai.models.openai import OpenAIChatModel
            from pydantic_ai.providers.openai import OpenAIProvider
            model: Any = OpenAIChatModel("gpt-4o-mini", provider=OpenAIProvider(base_url=stub.base_url,
                                                                               api_key="stub"))
        else:
            from pydantic_ai.models.anthropic import AnthropicModel
            from pydantic_ai.providers.anthropic import AnthropicProvider
            model = AnthropicModel("claude-sonnet-4-5", provider=AnthropicProvider(
                anthropic_client=__import__("anthropic").AsyncAnthropic(base_url=stub.root, api_key="stub",
                                                                         max_retries=0)))
        settings = InstrumentationSettings(tracer_provider=provider, include_content=True, version=5)
        Agent.instrument_all(settings)
        agent: Any = Agent(model, system_prompt=SYSTEM)

        @agent.tool_plain
        def get_weather(city: str) -> str:
            return '{"temp_c": 18}'

        @agent.tool_plain
        def search_flights(to: str) -> str:
            return "LIS 09:40, 14:05"

        @agent.tool_plain
        def book_table(people: int) -> str:
            return "booked"

        from model_stubs import Reply
        # the agent runs its own tool loop: each run's history is the app's (as restored from its store)
        stub.replies += [Reply(text="Paris: 18 °C and sunny; Rome: 21 °C and clear."),
                         Reply(text="There is a 9:40 flight to Lisbon."),
                         Reply(text="All right, I won't book anything.")]
        sys_part = SystemPromptPart(SYSTEM)
        with Conversation("conv-parallel"):
            parts: list[Any] = [TextPart(""), ToolCallPart("get_weather", {"city": "Paris"}, "call_paris"),
                                ToolCallPart("get_weather", {"city": "Rome"}, "call_rome")]
            if api == "messages":
                parts[0] = ThinkingPart(THINKING, signature="EqStubSignature1==")
            else:
                parts = parts[1:]
            history = [ModelRequest([sys_part, UserPromptPart("What's the weather in Paris and in Rome?")]),
                       ModelResponse(parts)]
            agent.run_sync(None, message_history=[*history, ModelRequest([
                ToolReturnPart("get_weather", '{"temp_c": 18, "sky": "sunny"}', "call_paris"),
                ToolReturnPart("get_weather", '{"temp_c": 21, "sky": "clear"}', "call_rome"),
                UserPromptPart("In Celsius, please.")])], conversation_id="conv-parallel")
        with Conversation("conv-partial"):
            history = [ModelRequest([sys_part, UserPromptPart("Find flights to Lisbon and to Porto.")]),
                       ModelResponse([ToolCallPart("search_flights", {"to": "Lisbon"}, "call_lis"),
                                      ToolCallPart("search_flights", {"to": "Porto"}, "call_opo")]),
                       ModelRequest([ToolReturnPart("search_flights", "LIS 09:40, 14:05", "call_lis")])]
            agent.run_sync(None, message_history=history, conversation_id="conv-partial")
        with Conversation("conv-interrupted"):
            history = [ModelRequest([sys_part, UserPromptPart("Book a table for two tonight.")]),
                       ModelResponse([ToolCallPart("book_table", {"people": 2}, "call_book")]),
                       ModelRequest([UserPromptPart("Stop, never mind.")])]
            agent.run_sync(None, message_history=history, conversation_id="conv-interrupted")
    return run


PYDANTIC_AI_PACKAGES = ["pydantic-ai-slim"]
emitter("pydantic-ai-openai", "chat", [*PYDANTIC_AI_PACKAGES, "openai"], {})(_pydantic_ai("chat"))
emitter("pydantic-ai-anthropic", "messages", [*PYDANTIC_AI_PACKAGES, "anthropic"], NO_SDK)(_pydantic_ai("messages"))


@emitter("openai-v2-chat", "chat", ["opentelemetry-instrumentation-openai-v2", "opentelemetry-util-genai", "openai"],
         {"OTEL_SEMCONV_STABILITY_OPT_IN": "gen_ai_latest_experimental",
          "OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT": "span_only"})
def openai_v2(stub: Any, provider: Any, lp: Any) -> None:
    """The deprecated opentelemetry-instrumentation-openai-v2 2.4b0 (what toolmend was first built against)."""
    from opentelemetry.instrumentation.openai_v2 import OpenAIInstrumentor

    inst = OpenAIInstrumentor()
    inst.instrument(tracer_provider=provider)
    try:
        run_api("chat", stub, openai_client(stub))
    finally:
        inst.uninstrument()


def _pydantic_ai_tools(api: str) -> Any:
    """pydantic-ai running its own tools (execute_tool spans), and an application that loses what they returned.

    * `conv-tool-ok`: the model calls book_table, the tool runs and completes; the application stores the model's
      call but loses the tool's return, so its next request holds the call without a result;
    * `conv-tool-error`: the model calls get_weather, the tool raises (the run fails); the next request holds the
      call without a result;
    * `conv-tool-none`: a call the application never ran (no span) and no result.
    """
    def run(stub: Any, provider: Any, lp: Any) -> None:
        from emit import SYSTEM, Conversation
        from model_stubs import Reply
        from pydantic_ai import Agent
        from pydantic_ai.messages import ModelRequest, ModelResponse, SystemPromptPart, ToolCallPart, UserPromptPart
        from pydantic_ai.models import ModelRequestParameters
        from pydantic_ai.models.instrumented import InstrumentationSettings, InstrumentedModel

        if api == "chat":
            from pydantic_ai.models.openai import OpenAIChatModel
            from pydantic_ai.providers.openai import OpenAIProvider
            model: Any = OpenAIChatModel("gpt-4o-mini", provider=OpenAIProvider(base_url=stub.base_url,
                                                                               api_key="stub"))
        else:
            from pydantic_ai.models.anthropic import AnthropicModel
            from pydantic_ai.providers.anthropic import AnthropicProvider
            model = AnthropicModel("claude-sonnet-4-5", provider=AnthropicProvider(
                anthropic_client=__import__("anthropic").AsyncAnthropic(base_url=stub.root, api_key="stub",
                                                                         max_retries=0)))
        Agent.instrument_all(InstrumentationSettings(tracer_provider=provider, include_content=True, version=5))
        agent: Any = Agent(model, system_prompt=SYSTEM)

        @agent.tool_plain
        def book_table(people: int) -> str:
            return "booked: table for 2 at 20:00"

        @agent.tool_plain
        def get_weather(city: str) -> str:
            raise ValueError(f"unknown city {city!r}")

        stub.replies += [Reply(calls=[("call_book", "book_table", {"people": 2})]),
                         Reply(text="Your table is booked."),
                         Reply(text="I booked it earlier."),
                         Reply(calls=[("call_weather", "get_weather", {"city": "Atlantis"})]),
                         Reply(text="I could not get the weather."),
                         Reply(text="I have not searched yet.")]
        import contextlib

        from pydantic_ai._utils import run_until_complete
        sys_part = SystemPromptPart(SYSTEM)
        settings = InstrumentationSettings(tracer_provider=provider, include_content=True, version=5)
        direct = InstrumentedModel(model, settings)  # the application's own request, with its stored history

        def ask_again(history: list[Any], prompt: str) -> None:
            run_until_complete(direct.request([*history, ModelRequest([UserPromptPart(prompt)])], None,
                                       ModelRequestParameters()))

        with Conversation("conv-tool-ok"):
            ask = ModelRequest([sys_part, UserPromptPart("Book a table for two tonight.")])
            agent.run_sync(None, message_history=[ask], conversation_id="conv-tool-ok")
            # the application kept the model's call but lost the tool's return
            ask_again([ask, ModelResponse([ToolCallPart("book_table", {"people": 2}, "call_book")])], "Is it booked?")
        with Conversation("conv-tool-error"):
            ask = ModelRequest([sys_part, UserPromptPart("What's the weather in Atlantis?")])
            with contextlib.suppress(ValueError):  # the tool's error ends the run
                agent.run_sync(None, message_history=[ask], conversation_id="conv-tool-error")
            ask_again([ask, ModelResponse([ToolCallPart("get_weather", {"city": "Atlantis"}, "call_weather")])],
                      "Well?")
        with Conversation("conv-tool-none"):
            ask_again([ModelRequest([sys_part, UserPromptPart("Find flights to Lisbon.")]),
                       ModelResponse([ToolCallPart("search_flights", {"to": "Lisbon"}, "call_never")])], "Any news?")
    return run


emitter("pydantic-ai-tools-openai", "chat", [*PYDANTIC_AI_PACKAGES, "openai"], {})(_pydantic_ai_tools("chat"))
