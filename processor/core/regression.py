"""`text_only_regression`: a request of a kind the assistant served with a tool earlier is now answered with text.

A pure, incremental, per-conversation detector. It is fed the neutral turns of one conversation in order
(`on_user`, `on_tool_result`, `on_assistant`) and decides, for the assistant's first message after each user
request, whether that request was served with a tool (`outcome="tool"`) or with text only, and whether a
text-only answer is a regression: the conversation used a tool before, the request is of the same kind as one
served by a tool earlier, and nothing explains the missing call.

The method (see docs/regression.md) is lexical, bilingual (English and Chinese) and deterministic:

1. **Normalize**: NFKC, case-fold; split into Latin words (light stemming) and CJK runs. CJK runs are cut at
   function characters/words (的 了 吗 帮我 一下 ...) and turned into bigrams; CJK characters are also kept one by
   one for the coverage test.
2. **Concepts**: a small bilingual lexicon maps surface forms to *actions* (up, down, set, on, off, lookup,
   make, send, remove, play) grouped into families, and to *domains* (volume, light, thermostat, weather,
   calendar, search, message, email, file, music, timer, alarm, stock, order, ...). Tool names are mapped the
   same way (`set_volume` -> {set, volume}), and their other words become ad-hoc domains, so custom tools
   work for English requests that name them.
3. **Similarity** of a new request to each remembered tool-served request:
   `0.5 * [same domain] + 0.25 * [compatible action family] + 0.5 * dice(content tokens)`, capped at 1.
   Requests without a domain of their own (ellipses such as "what about Tokyo?" / "那上海呢？", continuations such
   as "a bit more" / "再小一点", short commands such as "turn it down") inherit the current topic: the last
   tool-served request the conversation is about. A request without a domain that repeats most of the wording
   of a tool-served request (更新工单X的状态为… for another ticket) is of its kind by precedent, whatever the
   language or the tool.
4. **Negative rules** on the request: thanks / acknowledgements, bare status queries ("any update?", 好了吗？:
   they ask about work in progress, not for an act), chit-chat and requests without an actionable word or a
   lookup domain, writing tasks (poem, summary, translation), explanatory or generic questions (why / how does /
   usually / 为什么 / 一般), advisory questions (should I / 要不要), and information requests that earlier tool
   results already answer (their new entities all appear in a remembered result snippet).
5. **Negative rules** on the reply: a clarifying question or a request for confirmation (a question with no
   claim of having acted), and a refusal that gives a situational reason ("I can't ... because it's already at
   the maximum" / "无法……因为……"). A refusal that denies the capability ("I don't have access to ...",
   "作为AI语言模型……") is *not* a reason: it is the typical symptom of the regression.

Memory is bounded: at most `MAX_SERVED` tool-served requests (hashed tokens, concept names, tool names) and
result snippets for the last `MAX_SNIPPETS` of them, each truncated. No message text is stored: tokens are kept
as 32-bit CRC hashes, so the serialized state carries no content. Every call is O(size of the message).

Speed (it runs for every message of the stream worker): the analysis of a text is cached by text (the worker
meets each text again in every request snapshot of its conversation), and so are the words, CJK runs and tool
names it is made of; ASCII text is tokenized with bytes.translate instead of the regex engine; a request's flags
(the negative rules) are worked out only when a text-only answer is judged on them; an English cue pattern is
run only when the text has a word that can start one of its matches (the letters are read from the pattern).
Each of these gives exactly the result of the plain method (tests/unit/test_regression.py checks them against it).
"""

from __future__ import annotations

import base64
import functools
import itertools
import re
import struct
import unicodedata
import zlib
from collections import deque
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal, NamedTuple

STATE_VERSION = 2  # 2: hash sets packed (base64 of little-endian u32), empty fields left out
MAX_SERVED = 16  # tool-served requests remembered
MAX_SNIPPETS = 4  # of which this many keep their tool-result snippet
MAX_REQUEST_TOKENS = 48  # hashed content tokens kept per request
MAX_SNIPPET_TOKENS = 160  # hashed tokens kept per result snippet
SNIPPET_CHARS = 800  # characters of a tool result looked at (per request turn, all results together)
MAX_TEXT_CHARS = 2000  # characters of a user message looked at
REPLY_HEAD_CHARS = 1500  # characters of an assistant reply looked at: its head ...
REPLY_TAIL_CHARS = 500  # ... and its tail (a clarifying question is usually at the end)
THRESHOLD = 0.5  # similarity needed to call a text-only answer a regression
ANSWERED_COVERAGE = 0.75  # share of a question's new tokens found in earlier results/requests -> answered
SHORT_LATIN_TOKENS = 6  # a request this short (words) may refer to the current topic without naming it
SHORT_CJK_CHARS = 10  # ... (CJK characters)
WORDING_DICE = 0.5  # a request without a domain that shares this much wording with a tool-served request ...
WORDING_MIN_SHARED = 2  # ... (and at least this many content tokens) is of its kind

Outcome = Literal["tool", "text_only"]


@dataclass(frozen=True)
class AssistantTurn:
    index: int  # index of the assistant message
    outcome: Outcome
    after_first_tool_use: bool  # True once the conversation has used a tool before this turn
    expected_tool: str | None  # set when this turn is a text_only_regression
    detail: str  # short, no message content

    @property
    def regression(self) -> bool:
        return self.expected_tool is not None


# --------------------------------------------------------------------------------------------------------
# Lexicon
# --------------------------------------------------------------------------------------------------------


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


# action -> family. Families decide whether two requests ask for the same kind of act.
ACTION_FAMILY: dict[str, str] = {
    "up": "device",
    "down": "device",
    "set": "device",
    "on": "device",
    "off": "device",
    "lookup": "lookup",
    "make": "make",
    "send": "send",
    "remove": "remove",
    "play": "play",
    "buy": "buy",
}

# (concept, English single words, Chinese substrings), space-separated. English words are stemmed like the input.
ACTIONS: list[tuple[str, str, str]] = [
    (
        "up",
        "raise increase louder higher brighter brighten boost crank up",
        "调大 调高 大一点 大点 大声 增大 提高 调亮 亮一点 升高 加大 高一点 开大",
    ),
    (
        "down",
        "lower decrease reduce quieter softer dim dimmer down mute",
        "调小 调低 小一点 小点 小声 降低 减小 调暗 暗一点 低一点 关小 小一些 低两度",
    ),
    ("set", "set change adjust switch", "调到 设置 设为 调成 改成 调整 设成 设一个 定一个 定个 设个"),
    ("on", "", "打开 开灯 开启 开一下 开着"),
    ("off", "shut", "关掉 关闭 关上 关了 关灯 关一下"),
    ("lookup", "check find show track search google fetch lookup", "查 查询 看看 看一下 搜 搜索 找 查查"),
    (
        "make",
        "book schedule create add arrange reserve start new remind",
        "预约 预订 订 安排 创建 新建 添加 约 加一个 建 提醒",
    ),
    (
        "send",
        "send text forward reply notify email message dm",
        "发消息 发送 发个 发一条 发一封 发封 发邮件 发短信 发微信 转发 回复 通知",
    ),
    ("remove", "delete remove erase cancel clear trash wipe", "删 删除 删掉 移除 取消 清空"),
    (
        "play",
        "play queue skip pause resume next",
        "播放 放点 放一首 来一首 放首 切歌 暂停 换成 放一下 听歌 想听 下一首 上一首 换一首",
    ),
    ("buy", "buy purchase", "买 购买 下单 加仓"),
]

DOMAINS: list[tuple[str, str, str]] = [
    (
        "volume",
        "volume sound loud louder loudest quiet quieter mute unmute audio speaker",
        "声音 音量 大声 小声 静音 吵",
    ),
    ("light", "light lights lamp brightness bright brighter dim dimmer bulb", "灯 亮度 调亮 调暗 亮一点 暗一点"),
    ("thermostat", "thermostat temperature ac aircon heating heater degree cooling", "空调 温度 暖气 制冷 制热 两度"),
    ("weather", "weather forecast rain snow sunny raining snowing", "天气 气温 下雨 预报 下雪"),
    ("calendar", "meeting calendar appointment event schedule sync invite", "会议 开会 日程 日历 预约 开个会 约个会"),
    ("search", "search google web online internet news article", "搜 搜索 上网 网上 新闻"),
    ("message", "message text sms whatsapp wechat chat dm", "消息 短信 微信 留言"),
    ("email", "email mail inbox", "邮件 邮箱"),
    ("file", "file folder directory document", "文件 目录 文档"),
    (
        "music",
        "music song playlist album track tune jazz rock pop blues classical ambient bossa beats piano radio",
        "音乐 歌 歌曲 歌单 专辑 爵士 摇滚 民谣 钢琴曲 轻音乐 古典 电子乐",
    ),
    ("timer", "timer countdown", "计时 倒计时 定时"),
    ("alarm", "alarm wake", "闹钟 叫我起床 起床"),
    ("reminder", "remind reminder", "提醒"),
    ("stock", "stock share ticker market nasdaq", "股价 股票 行情 股市"),
    ("order", "order package parcel shipment delivery shipping shipped", "订单 快递 物流 包裹 发货 送达"),
    ("currency", "currency exchange", "汇率 美元 人民币 欧元"),
    ("travel", "flight hotel train ticket booking", "航班 机票 酒店 火车票 高铁"),
]

# Domains whose *questions* need a lookup tool ("what's the weather in Paris?"); for the others (devices,
# calendar, files ...) a request needs an action word to be actionable.
LOOKUP_DOMAINS = frozenset({"weather", "stock", "order", "search", "currency", "travel"})

# Tool-name words that say nothing about the kind of request.
GENERIC_TOOL_WORDS = _words(
    """
    get set do run make create update delete list send search fetch query check find add remove info data api
    tool tools by for of to the a an from with v1 v2 v3 call invoke execute exec action handle manage control
    new item items result results
    """
)

# English phrase verbs whose particle comes after the object ("turn the lights on", "turn it down").
PARTICLE_VERBS = frozenset({"turn", "switch", "put", "crank", "dial", "bring", "shut", "knock", "keep"})

STOP_EN = _words(
    """
    a an the to of in on at by for with and or but so then too also as well it its this that these those me my
    mine i you your yours we our us they them he she him her his please pls can could would will shall should
    do does did done is are was were be been being am have has had what whats which who whom when where why how
    hows about now just again some any more bit little lot much many there here let lets know like want need
    get go going gonna ok okay yes no not dont hey hi one another other same very really into out up down off
    if than thing things something anything all every each either both own sure right maybe kind sort way
    there's it's that's what's i'm i'll i've you're don't can't let's also still yet only even tell say saying
    said give make made put take
    """
)

# Chinese function words (cut points), longest first, and function characters.
STOP_ZH_WORDS = sorted(
    _words(
        """
        一下 一点 一些 一个 帮我 帮忙 请问 麻烦 可以 能不能 可不可以 是不是 有没有 会不会 怎么样 什么 多少
        多大 多久 多长 为什么 的话 这个 那个 现在 然后 还有 我们 你们 他们 一共 几个 哪个 哪些 哪里 一样 一起 一首
        """
    ),
    key=lambda w: (-len(w), w),
)
STOP_ZH_CHARS = frozenset(
    "的了吗呢吧啊呀哦嗯嘛啦么我你您他她它们请给把被让这那也还就都很太再又是在和跟与及或个些呗哈得着过哪谁啥怎样几要想"
)

# Request-side cues.
ACK_EN = _words(
    """
    thanks thank thx ty ok okay great perfect cool nice awesome good fine alright haha lol wow better excellent
    brilliant lovely sweet gotcha
    """
)
ACK_ZH = _words("谢谢 多谢 感谢 好的 好吧 可以了 行了 不错 太好了 刚刚好 正好 好多了 就这样 嗯嗯 哈哈 没问题了")
TEXT_TASK_EN = re.compile(
    r"\b(poem|haiku|limerick|story|joke|essay|lyrics|summari[sz]e|summary|translate|translation|rewrite|"
    r"paraphrase|in one sentence|proofread)\b"
)
TEXT_TASK_ZH = re.compile(r"(写一首|写首|一首.{0,6}诗|小诗|诗|笑话|故事|作文|总结|概括|翻译|改写|一句话)")
EXPLAIN_EN = re.compile(
    r"\b(why|how (?:do|does|did|can|should|long should|much should)|how to|what(?:'s| is) (?:a|an|the "
    r"difference)|what does|difference between|explain|meaning of|mean\b|stand for|usually|typically|in "
    r"general|generally|normally|on average|best for|most energy)"
)
EXPLAIN_ZH = re.compile(
    r"(为什么|为啥|怎么回事|原理|区别|是什么意思|什么意思|什么是|是怎么|一般|通常|平均|比较好|合适|得体|省电)"
)
ADVICE_EN = re.compile(
    r"\b(should i|do i need|shall i|is it worth|would you recommend|do you recommend|recommend|any tips|tips for|"
    r"any ideas|any advice|what should i do)\b"
)
ADVICE_ZH = re.compile(r"(要不要|需不需要|需要.{0,6}吗|该不该|值得|推荐|建议|要穿|要带)")
ELLIPSIS_EN = re.compile(
    r"^(?:and|what about|how about|same for|also|now|then)\b|\b(?:too|as well|also)$|\b(?:do|same) the same\b|"
    r"^same (?:for|with)\b"
)
# ELLIPSIS_EN by branch, each looked for only when it can match (the whole pattern scans every position)
_ELLIPSIS_EN_HEAD = re.compile(r"(?:and|what about|how about|same for|also|now|then)\b|same (?:for|with)\b")
_ELLIPSIS_EN_TAIL = re.compile(r"\b(?:too|as well|also)$")
_ELLIPSIS_EN_SAME = re.compile(r"\b(?:do|same) the same\b")


def _ellipsis_en(x: str) -> bool:
    """ELLIPSIS_EN.search(x), faster."""
    return (
        _ELLIPSIS_EN_HEAD.match(x) is not None
        or (x.endswith(("too", "as well", "also")) and _ELLIPSIS_EN_TAIL.search(x) is not None)
        or ("the same" in x and _ELLIPSIS_EN_SAME.search(x) is not None)
    )
ELLIPSIS_ZH = re.compile(r"(?:^(?:那|还有|另外|也)|呢$|也是$)")
# "never mind" / "不用了": the user calls the request off
CANCEL_EN = re.compile(
    r"\b(never ?mind|no need|don't bother|forget it|forget about it|(?:did|found|searched|checked|looked) it "
    r"(?:up )?myself|myself already)\b"
)
CANCEL_ZH = re.compile(r"(不用了|不用搜|不用查|不用找|不需要了|算了|别.{0,3}了|我自己查|我自己搜|我自己找)")
# A bare status query ("any update?", "is it done yet?", 好了吗？) asks about work in progress, not for an act. It is
# bare when nothing of its own is left once the phrase (and greetings, fillers) is taken out.
STATUS_EN = re.compile(
    r"\b(?:any (?:updates?|news|progress|luck|word)(?: yet)?|(?:is|are) (?:it|you|we|things) (?:done|ready|finished|"
    r"there|complete|still (?:there|working|on it|going|running|processing))(?: yet)?|still (?:working|waiting|"
    r"processing|running|going|loading|on it|there)|how(?:'s| is) it going|how much longer|(?:what's|what is) "
    r"taking so long|(?:what's|what is) the status|status update|(?:is it|are you) (?:almost|nearly) (?:done|there)|"
    r"done yet|ready yet)\b"
)
STATUS_ZH = re.compile(
    r"((?:好|完成|搞定|弄好|处理好|做好|办好|好没好)了?(?:吗|没有|没)|怎么样了|进展(?:如何|怎么样)?|"
    r"有(?:结果|消息|进展|回复|动静)了?(?:吗|没有|没)?|还在(?:处理|弄|忙|查|搞|跑|等)?(?:吗|呢)?|还(?:没有|没)(?:好|完成|弄好)|"
    r"(?:还要|要)多久|多久(?:能|才能)?好|在吗)"
)
STATUS_FILLER = _words("hello hey hi yo ping yet so far still now huh anyone")
# A complaint about a device's state is a request to change it ("way too loud", "太亮了", "有点冷").
COMPLAINT_EN = re.compile(
    r"\b(?:too|so|very|really|bit|kinda|rather|pretty)\s+(loud|quiet|noisy|bright|dark|dim|hot|cold|warm|chilly)\b"
)
COMPLAINT_ZH = re.compile(r"(?:太|有点|好|真|特别|还是太|还是有点)(吵|大声|小声|亮|暗|黑|冷|热|闷)")
COMPLAINT_DOMAIN = {
    "loud": "volume",
    "quiet": "volume",
    "noisy": "volume",
    "bright": "light",
    "dark": "light",
    "dim": "light",
    "hot": "thermostat",
    "cold": "thermostat",
    "warm": "thermostat",
    "chilly": "thermostat",
    "吵": "volume",
    "大声": "volume",
    "小声": "volume",
    "亮": "light",
    "暗": "light",
    "黑": "light",
    "冷": "thermostat",
    "热": "thermostat",
    "闷": "thermostat",
}
CONTINUE_EN = re.compile(r"\b(again|another|more|even|once more|one more)\b")
CONTINUE_ZH = re.compile(r"(再|还要|又)")
POLITE_EN = re.compile(r"^(?:(?:can|could|would|will) you|please|would you mind|i'd like you to|i want you to)\b")
_FILE_EXTENSIONS = r"\.(?:txt|md|docx?|xlsx?|csv|tsv|pdf|png|jpe?g|gif|py|js|ts|json|ya?ml|zip|log|pptx?)\b"
FILE_NAME = re.compile(r"[\w\-]+" + _FILE_EXTENSIONS)
_FILE_EXT_RE = re.compile(_FILE_EXTENSIONS)  # what a file name needs; found fast (it starts with a dot)

# Reply-side cues.
CLOSER_EN = re.compile(
    r"(anything else[^.?!]*[?.!]?|is there anything else[^.?!]*[?.!]?|let me know if[^.?!]*[?.!]?|"
    r"hope (?:this|that) helps[^.?!]*[?.!]?|need anything else[^.?!]*[?.!]?|what else can i do[^.?!]*[?.!]?)"
)
CLOSER_ZH = re.compile(
    r"(还有什么[^。？！?!]*[？?！!。]?|还需要[^。？！?!]*[？?！!。]?|有需要再[^。？！?!]*[？?！!。]?|随时[^。？！?!]*[？?！!。]?)"
)
CLAIM_EN = re.compile(
    r"\b(done|all set|i've|i have|i'll|i will|has been|have been|is now|are now|now playing|here you go|"
    r"turned|sent|booked|scheduled|deleted|removed|created|added|lowered|raised|started|updated|changed|"
    r"adjusted|set (?:to|for)|switched|playing)\b"
)
CLAIM_ZH = re.compile(r"(已|好了|完成|搞定|成功|马上|正在|这就|为您|帮您)")
CLARIFY_EN = re.compile(
    r"\b(please (?:specify|confirm|tell me|let me know)|which (?:one|room|device|day|time)|do you mean|did you "
    r"mean|are you sure|to confirm|do you want me to|shall i|should i)\b"
)
CLARIFY_ZH = re.compile(r"(请问|请告诉我|请确认|确认要|确定要|您是指|哪个|哪一|是否要|要不要我)")
REFUSE_EN = re.compile(
    r"\b(can't|cannot|can not|unable|not able|won't|will not|couldn't|isn't possible|not possible|"
    r"can't go|not allowed)\b"
)
REFUSE_ZH = re.compile(r"(无法|不能|没法|没办法|做不到|做不了|不可以|不支持|不行)")
REASON_EN = re.compile(
    r"(\bbecause\b|\bsince\b|\bas it\b|\bdue to\b|\balready\b|\bmaximum\b|\bminimum\b|\bmax\b|\bmin\b|"
    r"\blimit\b|only goes|only allows|in the past|not allowed|isn't safe|not safe|unsafe|\bpolicy\b|"
    r"protected|outside|permission|doesn't exist|does not exist|not found|no longer|too (?:low|high|long|large))"
)
REASON_ZH = re.compile(
    r"(因为|由于|已经|已是|最大|最小|最高|最低|上限|下限|过去|不存在|找不到|权限|受保护|不允许|不安全|范围|只能设置)"
)
CAPABILITY_EN = re.compile(
    r"(as an ai|language model|don't have (?:access|the ability)|do not have (?:access|the ability)|"
    r"(?:not able|unable|can't|cannot) to (?:access|control|browse|connect|check|look|get)|"
    r"(?:can't|cannot) (?:access|control|browse|connect)|i'm (?:just )?a (?:text|language|virtual)|"
    r"text-based|no access to|real-time (?:data|information|access))"
)
CAPABILITY_ZH = re.compile(
    r"(作为(?:一个)?(?:ai|人工智能)|语言模型|无法直接|没有办法控制|无法控制|不能控制|无法访问|不能访问|无法获取实时|无法联网|没有联网)"
)

# --------------------------------------------------------------------------------------------------------
# Text analysis
# --------------------------------------------------------------------------------------------------------

_CJK = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u3040-\u30ff\uac00-\ud7af"
_TOKEN_RE = re.compile(rf"[a-z0-9]+(?:'[a-z]+)?|[{_CJK}]+")
_CJK_RE = re.compile(rf"[{_CJK}]")
_ENTITY_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9'\-]*|[.!?。！？\n]")
_DIGIT_RE = re.compile(r"[0-9]")
_DEGREE_RE = re.compile(r"\d+\s*(?:度|°c|°f|℃)")
_QUESTION_HEAD_RE = re.compile(
    r"^\s*(?:what|which|who|when|where|why|how|is|are|do|does|did|will|would|should|can i|could i)\b"
)
_QUESTION_TAIL_RE = re.compile(r"[吗呢么]\s*$")
_POLITE_ZH_RE = re.compile(r"^\s*(?:帮我|请|麻烦|给我|能不能帮|可以帮|能帮)")
_PUNCT_RE = re.compile(r"[^\w\s]")
_TRAILING_RE = re.compile(r"[？?！!。，,\s]+$")
_REPLY_TAIL_RE = re.compile(r"[吗呢][\s。]*$")
_CAMEL_RE = re.compile(r"([a-z0-9])([A-Z])")
_NON_ALNUM_RE = re.compile(r"[^A-Za-z0-9]+")
# Texts analysed lately (user requests, results, replies), by their text: the stream worker meets every text
# again in each request snapshot of the conversation. Process memory only; never part of the state.
CACHE_SIZE = 1024
WORD_CACHE_SIZE = 4096  # words, CJK runs, tokens of results: per cache

# Word gates. Python's regex engine tries every alternative of a pattern at every position of the text, so an
# English cue pattern costs 1-2 µs even on a short message that holds none of its words. Most patterns are
# `\b(?:why|how to|...)`: every match starts, at a word boundary, with the literal letters of one alternative.
# Such a match can only exist if a word of the text starts with those letters, which is checked first, on the
# first three letters of the text's words, with one set operation. The letters are read from the pattern itself.


def _split_alternatives(src: str) -> list[str]:
    """The top-level alternatives of a regex source."""
    out: list[str] = []
    depth, start, i, n = 0, 0, 0, len(src)
    while i < n:
        c = src[i]
        if c == "\\":
            i += 2
            continue
        if c == "[":
            i = _class_end(src, i)
        elif c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
        elif c == "|" and depth == 0:
            out.append(src[start:i])
            start = i + 1
        i += 1
    out.append(src[start:])
    return out


def _class_end(src: str, i: int) -> int:
    """Index of the `]` closing the character class that opens at i."""
    j = i + 1
    if j < len(src) and src[j] == "^":
        j += 1
    if j < len(src) and src[j] == "]":
        j += 1
    while j < len(src) and src[j] != "]":
        j += 2 if src[j] == "\\" else 1
    return j


def _group_end(src: str, i: int) -> int:
    """Index of the `)` closing the group that opens at i."""
    depth, j = 0, i
    while j < len(src):
        c = src[j]
        if c == "\\":
            j += 2
            continue
        if c == "[":
            j = _class_end(src, j)
        elif c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth == 0:
                return j
        j += 1
    raise ValueError("unbalanced group")


def _leading_letters(src: str, bounded: bool = False) -> frozenset[str] | None:
    """The literal letters a match of each alternative of `src` starts with at a word boundary, or None when some
    alternative may start otherwise."""
    out: set[str] = set()
    for alt in _split_alternatives(src):
        b = bounded
        if alt.startswith("\\b"):
            alt, b = alt[2:], True
        if alt[:1].isascii() and alt[:1].islower():
            k = 0
            while k < len(alt) and alt[k].isascii() and alt[k].islower():
                k += 1
            letters = alt[: k - 1] if alt[k : k + 1] in ("?", "*", "{") else alt[:k]
            if not (letters and b):
                return None
            out.add(letters)
        elif (alt.startswith("(") and not alt.startswith("(?")) or alt.startswith("(?:"):
            end = _group_end(alt, 0)
            if alt[end + 1 : end + 2] in ("?", "*", "{"):
                return None
            inner = _leading_letters(alt[3 if alt.startswith("(?:") else 1 : end], b)
            if inner is None:
                return None
            out |= inner
        else:
            return None
    return frozenset(out) if out else None


class _Gated:
    """A pattern looked for only when the text has a word that starts like one of its matches."""

    def __init__(self, pattern: re.Pattern[str]) -> None:
        self.pattern = pattern
        letters = None if pattern.flags & re.IGNORECASE else _leading_letters(pattern.pattern)
        self.keys = None if letters is None else frozenset(k for w in letters for k in _three(w[:3]))

    def search(self, text: str, starts: frozenset[str]) -> re.Match[str] | None:
        if self.keys is not None and self.keys.isdisjoint(starts):
            return None
        return self.pattern.search(text)


_LETTERS_RE = re.compile(r"[a-z]+")

# ASCII text (English messages, JSON results) is cut into tokens by bytes.translate + split, which gives what
# the token patterns find, several times faster than the regex engine.


def _byte_table(keep: str, dot: str = "") -> bytes:
    """A bytes.translate table: ASCII characters in `keep` stay, those in `dot` become ".", the rest spaces."""
    return bytes(c if chr(c) in keep else (46 if chr(c) in dot else 32) for c in range(256))


_DIGITS_LOWER = "0123456789abcdefghijklmnopqrstuvwxyz"
_ASCII_TOKEN = _byte_table(_DIGITS_LOWER + "'")
_ASCII_LETTERS = _byte_table(_DIGITS_LOWER[10:])
_ASCII_ENTITY = _byte_table(_DIGITS_LOWER + _DIGITS_LOWER[10:].upper() + "'-", dot=".!?\n")


def _tokens(norm: str) -> list[str]:
    """_TOKEN_RE.findall(norm): Latin words (with an 's, 't ... tail) and CJK runs."""
    if not norm.isascii():
        return _TOKEN_RE.findall(norm)
    runs = norm.encode().translate(_ASCII_TOKEN).decode().split()
    if "'" not in norm:
        return runs
    out: list[str] = []
    for run in runs:
        if "'" in run:
            out += _TOKEN_RE.findall(run)
        else:
            out.append(run)
    return out


def _entity_tokens(nfkc: str) -> list[str]:
    """_ENTITY_RE.findall(nfkc): words (with inner ' and -) and sentence ends, of a text in its original case (an
    ASCII sentence end comes out as ".")."""
    if not nfkc.isascii():
        return _ENTITY_RE.findall(nfkc)
    runs = nfkc.encode().translate(_ASCII_ENTITY).decode().replace(".", " . ").split()
    if "'" not in nfkc and "-" not in nfkc:
        return runs
    return [r for r in (run.lstrip("'-") for run in runs) if r]  # a word starts with a letter or digit


_AZ = "abcdefghijklmnopqrstuvwxyz"


def _three(start: str) -> set[str]:
    """What the first three letters of a word that starts with `start` (one to three letters) can be."""
    out = {start}
    if len(start) < 3:
        for c in _AZ:
            out |= _three(start + c)
    return out


def _word_starts(text: str) -> frozenset[str]:
    """The first three letters of each word (run of a-z) of a normalized text (the whole word if shorter)."""
    words = text.encode().translate(_ASCII_LETTERS).decode().split() if text.isascii() else _LETTERS_RE.findall(text)
    return frozenset([w[:3] for w in words])


_TEXT_TASK_EN = _Gated(TEXT_TASK_EN)
_EXPLAIN_EN = _Gated(EXPLAIN_EN)
_ADVICE_EN = _Gated(ADVICE_EN)
_CANCEL_EN = _Gated(CANCEL_EN)
_STATUS_EN = _Gated(STATUS_EN)
_CONTINUE_EN = _Gated(CONTINUE_EN)
_CLAIM_EN = _Gated(CLAIM_EN)
_CLARIFY_EN = _Gated(CLARIFY_EN)
_REFUSE_EN = _Gated(REFUSE_EN)



def normalize(text: str) -> str:
    """NFKC + case-fold; curly apostrophes made straight."""
    return unicodedata.normalize("NFKC", text).replace("\u2019", "'").casefold()


@functools.lru_cache(maxsize=WORD_CACHE_SIZE)
def stem(word: str) -> str:
    """Light English stemming: plural s/es/ies, -ing, -ed, possessive 's."""
    if word.endswith("'s"):
        word = word[:-2]
    elif "'" in word:
        word = word.split("'", 1)[0]
    n = len(word)
    if n > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if n > 4 and word.endswith(("sses", "shes", "ches", "xes")):
        return word[:-2]
    if n > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    if n > 5 and word.endswith("ing"):
        return word[:-3]
    if n > 4 and word.endswith("ed") and not word.endswith("eed"):
        return word[:-2]
    return word


def _crc(token: str) -> int:
    return zlib.crc32(token.encode("utf-8")) & 0xFFFFFFFF


@functools.lru_cache(maxsize=WORD_CACHE_SIZE)
def pack_hashes(hashes: frozenset[int]) -> str:
    """A set of 32-bit hashes as base64 of sorted little-endian u32: half the size of a JSON list of numbers."""
    return base64.b64encode(struct.pack(f"<{len(hashes)}I", *sorted(hashes))).decode("ascii")


def unpack_hashes(value: Any) -> frozenset[int]:
    if not value:
        return frozenset()
    if isinstance(value, list):  # a list of numbers (tolerated)
        return frozenset(int(x) for x in value)
    raw = base64.b64decode(value)
    return frozenset(struct.unpack(f"<{len(raw) // 4}I", raw))


def h(token: str) -> int:
    return zlib.crc32(token.encode("utf-8")) & 0xFFFFFFFF


def _split_cjk(run: str) -> list[str]:
    """Cut a CJK run at function words/characters (longest first); the pieces are content."""
    return [p for p in _ZH_STOP_RE.split(run) if p]


def _cjk_tokens(piece: str) -> list[str]:
    if len(piece) <= 2:
        return [piece]
    return [piece[i : i + 2] for i in range(len(piece) - 1)]


# Lexicon, compiled: stemmed English word -> concepts; Chinese surface forms sorted longest first.
def _compile(table: list[tuple[str, str, str]]) -> tuple[dict[str, list[str]], list[tuple[str, str]]]:
    en: dict[str, list[str]] = {}
    zh: list[tuple[str, str]] = []
    for concept, words, forms in table:
        for w in words.split():
            en.setdefault(stem(w), []).append(concept)
        for f in forms.split():
            zh.append((f, concept))
    zh.sort(key=lambda x: -len(x[0]))
    return en, zh


_ACT_EN, _ACT_ZH = _compile(ACTIONS)
_DOM_EN, _DOM_ZH = _compile(DOMAINS)
_ZH_STOP_RE = re.compile(
    "|".join(map(re.escape, STOP_ZH_WORDS)) + "|[" + re.escape("".join(sorted(STOP_ZH_CHARS))) + "]"
)


class _ZhTable:
    """Chinese surface forms -> concepts, longest first. Only the forms whose first character occurs in the text
    are looked for, and those present are matched and masked one by one in table order (the same result as
    trying every form of the table)."""

    def __init__(self, entries: list[tuple[str, str]]) -> None:
        self.entries = entries
        self.by_first: dict[str, list[str]] = {}
        for f in dict.fromkeys(f for f, _ in entries):
            self.by_first.setdefault(f[0], []).append(f)
        self.firsts = frozenset(self.by_first)
        self.where: dict[str, list[int]] = {}
        for i, (f, _) in enumerate(entries):
            self.where.setdefault(f, []).append(i)

    def concepts(self, text: str) -> tuple[set[str], str]:
        """Concepts found in Chinese text, and the text with their surface forms masked out."""
        found: set[str] = set()
        present = [f for c in self.firsts.intersection(text) for f in self.by_first[c] if f in text]
        if not present:
            return found, text
        order = [i for f in present for i in self.where[f]]
        order.sort()
        for i in order:
            form, concept = self.entries[i]
            if form in text:
                found.add(concept)
                text = text.replace(form, " ")
        return found, text


_ACT_ZH_TABLE = _ZhTable(_ACT_ZH)
_DOM_ZH_TABLE = _ZhTable(_DOM_ZH)
# the forms are looked for in CJK runs one by one, so they must be made of CJK characters only
assert all(re.fullmatch(rf"[{_CJK}]+", f) for f, _ in _ACT_ZH + _DOM_ZH), "a Chinese lexicon form is not all CJK"
_LEXICON_STEMS = frozenset(_ACT_EN) | frozenset(_DOM_EN)
_ACK_STEMS = frozenset(stem(w) for w in ACK_EN)


@dataclass(slots=True)
class Features:
    """What the detector keeps of a request (hashed; no text). Instances are shared (the analysis of a text is
    cached): never mutate one, make a new one."""

    actions: frozenset[str] = frozenset()
    domains: frozenset[str] = frozenset()
    tokens: frozenset[int] = frozenset()  # content tokens: Latin stems, CJK bigrams (no lexicon words)
    chars: frozenset[int] = frozenset()  # content CJK characters, one by one
    entities: frozenset[int] = frozenset()  # capitalised / numeric / file-name Latin tokens
    words: frozenset[int] = frozenset()  # content Latin stems (for the coverage test)
    flags: frozenset[str] = frozenset()
    size: int = 0  # Latin words + CJK characters

    def to_state(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for key, names in (("a", self.actions), ("d", self.domains), ("f", self.flags)):
            if names:
                out[key] = sorted(names)
        for key, hashes in (("t", self.tokens), ("c", self.chars), ("e", self.entities)):
            if hashes:
                out[key] = pack_hashes(hashes)
        if self.words:
            out["w"] = 1 if self.words == self.tokens else pack_hashes(self.words)  # often the same set
        if self.size:
            out["n"] = self.size
        return out

    @classmethod
    def from_state(cls, s: Mapping[str, Any]) -> Features:
        tokens = unpack_hashes(s.get("t", ""))
        w = s.get("w", "")
        return cls(
            actions=frozenset(str(x) for x in s.get("a", ())),
            domains=frozenset(str(x) for x in s.get("d", ())),
            tokens=tokens,
            chars=unpack_hashes(s.get("c", "")),
            entities=unpack_hashes(s.get("e", "")),
            words=tokens if w == 1 else unpack_hashes(w),
            flags=frozenset(str(x) for x in s.get("f", ())),
            size=int(s.get("n", 0)),
        )

    def union(self, other: Features) -> Features:
        flags = (self.flags | other.flags) - {"short"} | (other.flags & {"short"})
        if "status" in flags and not (self._bare() and other._bare()):
            flags -= {"status"}  # "turn it down" + "any update?": still a request
        return Features(
            actions=self.actions | other.actions,
            domains=self.domains | other.domains,
            tokens=_cap(self.tokens | other.tokens, MAX_REQUEST_TOKENS),
            chars=_cap(self.chars | other.chars, MAX_REQUEST_TOKENS),
            entities=_cap(self.entities | other.entities, MAX_REQUEST_TOKENS),
            words=_cap(self.words | other.words, MAX_REQUEST_TOKENS),
            flags=flags,
            size=self.size + other.size,
        )

    def _bare(self) -> bool:
        """A status query, or nothing of its own (a greeting)."""
        return "status" in self.flags or not (
            self.actions or self.domains or self.tokens or self.chars or self.entities
        )


def _cap(values: Iterable[int], n: int) -> frozenset[int]:
    """The n smallest values (a deterministic cut that does not depend on the order they came in)."""
    if isinstance(values, (set, frozenset)) and len(values) <= n:
        return frozenset(values)
    out = sorted(values)
    return frozenset(out[:n])


def analyze_request(text: str) -> Features:
    """Features of a user request."""
    return _analyze_request(text[:MAX_TEXT_CHARS])


_SENTENCE_END = frozenset(".!?。！？\n")
# the words COMPLAINT_EN ends with (loud, quiet ...): it is looked for only in a text that holds one
_COMPLAINT_WORDS_EN = tuple(w for w in COMPLAINT_DOMAIN if w.isascii())
_LATIN_RE = re.compile(r"[a-z]")
# English stems whose reading depends on their neighbours ("turn it on", "look up", "make it", "hurry up")
_CONTEXT_STEMS = PARTICLE_VERBS | {"on", "off", "look", "up", "down", "make"}
_DEVICE_DOMAINS = frozenset({"volume", "light", "thermostat"})


@functools.lru_cache(maxsize=WORD_CACHE_SIZE)
def _entity(word: str) -> tuple[int | None, int | None]:
    """The hashed stem of a Latin word if it names something (a number, a capitalised word that is no function
    word) and is no lexicon word: (anywhere, only when it does not start a sentence)."""
    lw = stem(word.casefold())
    if lw in _LEXICON_STEMS:
        return None, None
    if _DIGIT_RE.search(word) is not None:
        return h(lw), h(lw)
    if word[0].isupper() and lw not in STOP_EN:
        return None, h(lw)
    return None, None


@functools.lru_cache(maxsize=WORD_CACHE_SIZE)
def _word_info(word: str) -> tuple[str, tuple[str, ...], tuple[str, ...], int | None]:
    """The stem of an English word, its actions and domains, and its hash if it is a content word."""
    s = stem(word)
    return (s, *_stem_info(s))


@functools.lru_cache(maxsize=WORD_CACHE_SIZE)
def _stem_info(s: str) -> tuple[tuple[str, ...], tuple[str, ...], int | None]:
    """Actions and domains of an English stem, and its hash if it is a content word."""
    content = s not in STOP_EN and s not in _LEXICON_STEMS and s not in PARTICLE_VERBS
    return tuple(_ACT_EN.get(s, ())), tuple(_DOM_EN.get(s, ())), h(s) if content else None


@functools.lru_cache(maxsize=WORD_CACHE_SIZE)
def _zh_run(run: str) -> tuple[tuple[str, ...], tuple[str, ...], tuple[int, ...], tuple[int, ...], int]:
    """A CJK run of a request: the actions and domains of its lexicon forms (found longest first) and, with those
    forms masked out, its content tokens, characters and size. The forms are CJK only, so a text's concepts and
    content are those of its CJK runs taken one by one."""
    acts, masked = _ACT_ZH_TABLE.concepts(run)
    doms, _ = _DOM_ZH_TABLE.concepts(run)
    _, masked = _DOM_ZH_TABLE.concepts(masked)
    tokens: set[int] = set()
    chars: set[int] = set()
    size = 0
    for piece in masked.split():
        size += len(piece)
        t, c = _cjk_run(piece)
        tokens.update(t)
        chars.update(c)
    # tuples, not sets: the cache holds many, and the garbage collector stops tracking tuples of strings and ints
    return tuple(acts), tuple(doms), tuple(tokens), tuple(chars), size


@functools.lru_cache(maxsize=WORD_CACHE_SIZE)
def _cjk_run(run: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Hashed content tokens (bigrams, short pieces whole) and characters of a CJK run."""
    tokens: set[int] = set()
    chars: set[int] = set()
    for piece in _split_cjk(run):
        for t in _cjk_tokens(piece):
            tokens.add(h(t))
        for ch in piece:
            chars.add(h(ch))
    return tuple(tokens), tuple(chars)


class _Context(NamedTuple):
    """What the flags of a request are read from, besides its features."""

    norm: str
    latin_text: bool  # it has Latin letters
    cjk: bool  # it has CJK characters
    stems: list[str]
    latin: str  # its Latin words, space-separated


@functools.lru_cache(maxsize=CACHE_SIZE)
def _analyze_request(raw: str) -> Features:
    core, ctx = _request_parts(raw)
    return replace(core, flags=_request_flags(core, ctx))


def _request_core(raw: str) -> Features:
    """The features of a request without its flags (they matter only when a text-only answer is judged)."""
    return _request_parts(raw)[0]


@functools.lru_cache(maxsize=CACHE_SIZE)
def _request_parts(raw: str) -> tuple[Features, _Context]:
    nfkc = unicodedata.normalize("NFKC", raw)
    norm = nfkc.replace("\u2019", "'").casefold()
    # Each English pattern needs a Latin letter and each Chinese one a CJK character: look only for what can be.
    latin_text = _LATIN_RE.search(norm) is not None
    cjk = _CJK_RE.search(norm) is not None

    # entities from the original casing: capitalised words that do not start a sentence, numbers, file names
    entities: set[int] = set()
    files = [m.group(0) for m in FILE_NAME.finditer(norm)] if _FILE_EXT_RE.search(norm) else []
    for f in files:
        entities.add(h(f))
    toks = _entity_tokens(nfkc)
    for i, (anywhere, inside) in enumerate(map(_entity, toks)):
        if inside is not None:  # (a sentence end has neither)
            key = anywhere if i == 0 or toks[i - 1] in _SENTENCE_END else inside
            if key is not None:
                entities.add(key)

    actions: set[str] = set()
    domains: set[str] = set()
    if files:
        domains.add("file")
    if ("度" in norm or "°" in norm or "℃" in norm) and _DEGREE_RE.search(norm):
        domains.add("thermostat")

    content_words: set[int] = set()
    tokens: set[int] = set()
    chars: set[int] = set()
    all_tokens = _tokens(norm)
    if cjk:
        words: list[str] = []
        size = 0
        for tok in all_tokens:
            if tok[0] >= "\x80":  # a CJK run: its concepts, and its content once their forms are masked out
                run_acts, run_doms, run_tokens, run_chars, run_size = _zh_run(tok)
                actions.update(run_acts)
                domains.update(run_doms)
                tokens.update(run_tokens)
                chars.update(run_chars)
                size += run_size
            else:  # a Latin word
                size += 1
                words.append(tok)
    else:
        words, size = all_tokens, len(all_tokens)

    # English concepts (words and particle verbs)
    infos = [_word_info(w) for w in words]
    stems = [info[0] for info in infos]
    has_particle_verb = False
    for i, s in enumerate(stems):
        if s in _CONTEXT_STEMS:
            if s in PARTICLE_VERBS:
                has_particle_verb = True
            if s in ("on", "off") and has_particle_verb:
                actions.add(s)
                if s == "on" and "put" in stems[:i]:
                    actions.add("play")
                continue
            if s == "look" and i + 1 < len(stems) and stems[i + 1] == "up":
                actions.add("lookup")
                continue
            if s == "up" and i > 0 and stems[i - 1] in ("look", "set"):
                if stems[i - 1] == "set":
                    actions.add("make")
                continue
            if s == "make" and i + 1 < len(stems) and stems[i + 1] in ("it", "the"):
                actions.add("set")
            if s in ("up", "down") and not (
                has_particle_verb
                or len(stems) <= 3
                or _DEVICE_DOMAINS & set(c for w in stems for c in _DOM_EN.get(w, ()))
            ):
                continue  # "hurry up", "is it up or down today?": not a device direction
        _, acts_en, doms_en, content = infos[i]
        if acts_en:
            actions.update(acts_en)
        if doms_en:
            domains.update(doms_en)
        if content is not None:
            tokens.add(content)
            content_words.add(content)

    # a complaint about a device's state asks to change it
    if latin_text and any(w in norm for w in _COMPLAINT_WORDS_EN):
        for m in COMPLAINT_EN.finditer(norm):
            actions.add("set")
            domains.add(COMPLAINT_DOMAIN[m.group(1)])
    if cjk:
        for m in COMPLAINT_ZH.finditer(norm):
            actions.add("set")
            domains.add(COMPLAINT_DOMAIN[m.group(1)])

    cap = MAX_REQUEST_TOKENS
    core = Features(
        actions=frozenset(actions),
        domains=frozenset(domains),
        tokens=frozenset(tokens) if len(tokens) <= cap else _cap(tokens, cap),
        chars=frozenset(chars) if len(chars) <= cap else _cap(chars, cap),
        entities=frozenset(entities) if len(entities) <= cap else _cap(entities, cap),
        words=frozenset(content_words) if len(content_words) <= cap else _cap(content_words, cap),
        size=size,
    )
    return core, _Context(norm, latin_text, cjk, stems, " ".join(words))


def _request_flags(core: Features, ctx: _Context) -> frozenset[str]:
    norm, latin_text, cjk, stems, latin = ctx
    starts = _word_starts(norm) if latin_text else frozenset()
    actions, size = core.actions, core.size
    flags: set[str] = set()
    asks = "?" in norm or "？" in norm
    if asks or (cjk and _QUESTION_TAIL_RE.search(norm.strip())) or (latin_text and _QUESTION_HEAD_RE.match(norm)):
        flags.add("question")
    if (latin_text and POLITE_EN.search(norm)) or (cjk and _POLITE_ZH_RE.match(norm)):
        flags.add("polite")
    if not actions and (not _ACK_STEMS.isdisjoint(stems) or (cjk and any(a in norm for a in ACK_ZH))):
        flags.add("ack")
    if (latin_text and _TEXT_TASK_EN.search(latin, starts)) or (cjk and TEXT_TASK_ZH.search(norm)):
        flags.add("text_task")
    if (latin_text and _EXPLAIN_EN.search(norm, starts)) or (cjk and EXPLAIN_ZH.search(norm)):
        flags.add("explain")
    if (latin_text and _ADVICE_EN.search(norm, starts)) or (cjk and ADVICE_ZH.search(norm)):
        flags.add("advice")
    is_short = size <= SHORT_LATIN_TOKENS if not cjk else size <= SHORT_CJK_CHARS
    if is_short:
        flags.add("short")
    if is_short and (
        (latin_text and _ellipsis_en(_PUNCT_RE.sub(" ", norm).strip()))
        or (cjk and ELLIPSIS_ZH.search(_TRAILING_RE.sub("", norm)))
    ):
        flags.add("ellipsis")
    elif size <= 2 and not actions and asks:
        flags.add("ellipsis")  # a bare name as a question ("TSLA?") continues the previous lookup
    if (latin_text and _CANCEL_EN.search(norm, starts)) or (cjk and CANCEL_ZH.search(norm)):
        flags.add("cancel")
    if not (actions or core.domains or core.entities) and _bare_status(norm, starts if latin_text else None, cjk):
        flags.add("status")
    if is_short and ((latin_text and _CONTINUE_EN.search(latin, starts)) or (cjk and CONTINUE_ZH.search(norm))):
        flags.add("continue")
    return frozenset(flags)


def _bare_status(norm: str, starts: frozenset[str] | None = None, cjk: bool = True) -> bool:
    """A status query with nothing of its own: "Hello? Still working on it?", 好了吗？ (not "any news on TSLA?").
    `starts`: the word starts of a text with Latin letters (None: it has none), `cjk`: it has CJK characters."""
    if starts is not None and _STATUS_EN.keys is not None and _STATUS_EN.keys.isdisjoint(starts):
        starts = None
    rest, n = STATUS_EN.subn(" ", norm) if starts is not None else (norm, 0)
    rest, m = STATUS_ZH.subn(" ", rest) if cjk else (rest, 0)
    if not n + m:
        return False
    for tok in _TOKEN_RE.findall(rest):
        if _CJK_RE.match(tok):
            if any(ch not in STOP_ZH_CHARS for ch in tok):
                return False
        elif stem(tok) not in STOP_EN and tok not in STATUS_FILLER:
            return False
    return True


@functools.lru_cache(maxsize=1024)
def analyze_tool(name: str) -> tuple[frozenset[str], frozenset[str], frozenset[int]]:
    """Actions, domains and ad-hoc domain words (hashed) of a tool name: set_volume, getWeather, web-search."""
    spaced = _CAMEL_RE.sub(r"\1 \2", name)
    words = [stem(w) for w in _NON_ALNUM_RE.split(spaced.casefold()) if w]
    actions: set[str] = set()
    domains: set[str] = set()
    extra: set[int] = set()
    for w in words:
        actions.update(_ACT_EN.get(w, ()))
        domains.update(_DOM_EN.get(w, ()))
        if w not in GENERIC_TOOL_WORDS and w not in _LEXICON_STEMS and len(w) > 2:
            extra.add(h(w))
            if len(w) > 5 and w.endswith(("er", "or")):
                extra.add(h(w[:-2]))  # reminder -> remind, translator -> translat(e)
                extra.add(h(w[:-2] + "e"))
    # the verb of a tool name is an action; its nouns are domains (message in send_message is not a verb)
    if domains & {"message", "email", "search"} and "send" in actions and words and words[0] != "send":
        actions.discard("send")
    return frozenset(actions), frozenset(domains), frozenset(extra)


def snippet_tokens(text: str) -> frozenset[int]:
    """Hashed tokens (Latin stems, CJK bigrams and characters) of a tool result, truncated."""
    return _snippet_tokens(text[:SNIPPET_CHARS])


@functools.lru_cache(maxsize=CACHE_SIZE)
def _snippet_tokens(raw: str) -> frozenset[int]:
    norm = normalize(raw)
    seq = [v for tok in _tokens(norm) for v in (_snippet_token(tok) if tok[-1] > "9" else (_crc(tok),))]
    if _FILE_EXT_RE.search(norm):
        seq += [h(m.group(0)) for m in FILE_NAME.finditer(norm)]
    # the first MAX_SNIPPET_TOKENS distinct tokens, in order
    return frozenset(itertools.islice(dict.fromkeys(seq), MAX_SNIPPET_TOKENS))


@functools.lru_cache(maxsize=WORD_CACHE_SIZE)
def _snippet_token(tok: str) -> tuple[int, ...]:
    """Hashes of a token of a result: a Latin word's stem; a CJK run's characters and bigrams, in order."""
    if tok[0] < "\x80":  # a Latin word (the other tokens are CJK runs)
        return (h(stem(tok)),)
    out: list[int] = []
    n = len(tok)
    for i in range(n):
        out.append(h(tok[i]))
        if i + 1 < n:
            out.append(h(tok[i : i + 2]))
    return tuple(out)


@dataclass(frozen=True)
class ReplyCues:
    question: bool
    claim: bool
    clarify: bool
    refusal: bool
    reason: bool
    capability: bool

    @property
    def veto(self) -> str | None:
        """Why a text-only reply is legitimate, or None."""
        if self.capability:
            return None
        if self.refusal and self.reason:
            return "refusal with a reason"
        if (self.question or self.clarify) and not self.claim:
            return "clarifying question"
        return None


def _reply_body(text: str) -> str:
    """The part of a reply looked at (head and tail), normalized, without closers ("Anything else?")."""
    if len(text) > REPLY_HEAD_CHARS + REPLY_TAIL_CHARS:
        text = text[:REPLY_HEAD_CHARS] + " " + text[-REPLY_TAIL_CHARS:]
    return CLOSER_ZH.sub(" ", CLOSER_EN.sub(" ", normalize(text)))


def _asks(body: str) -> bool:
    return "?" in body or "？" in body or _REPLY_TAIL_RE.search(body.strip()) is not None


def analyze_reply(text: str) -> ReplyCues:
    body = _reply_body(text)
    return ReplyCues(
        question=_asks(body),
        claim=bool(CLAIM_EN.search(body) or CLAIM_ZH.search(body)),
        clarify=bool(CLARIFY_EN.search(body) or CLARIFY_ZH.search(body)),
        refusal=bool(REFUSE_EN.search(body) or REFUSE_ZH.search(body)),
        reason=bool(REASON_EN.search(body) or REASON_ZH.search(body)),
        capability=bool(CAPABILITY_EN.search(body) or CAPABILITY_ZH.search(body)),
    )


def reply_veto(text: str) -> str | None:
    """`analyze_reply(text).veto`, with each cue looked for only when the answer depends on it."""
    if len(text) > REPLY_HEAD_CHARS + REPLY_TAIL_CHARS:
        text = text[:REPLY_HEAD_CHARS] + " " + text[-REPLY_TAIL_CHARS:]
    return _reply_veto(text)


@functools.lru_cache(maxsize=CACHE_SIZE)
def _reply_veto(text: str) -> str | None:
    body = _reply_body(text)
    latin = _LATIN_RE.search(body) is not None
    cjk = _CJK_RE.search(body) is not None
    starts = _word_starts(body) if latin else frozenset()
    if (latin and CAPABILITY_EN.search(body)) or (cjk and CAPABILITY_ZH.search(body)):
        return None
    if ((latin and _REFUSE_EN.search(body, starts)) or (cjk and REFUSE_ZH.search(body))) and (
        (latin and REASON_EN.search(body)) or (cjk and REASON_ZH.search(body))
    ):
        return "refusal with a reason"
    if (_asks(body) or (latin and _CLARIFY_EN.search(body, starts)) or (cjk and CLARIFY_ZH.search(body))) and not (
        (latin and _CLAIM_EN.search(body, starts)) or (cjk and CLAIM_ZH.search(body))
    ):
        return "clarifying question"
    return None


@functools.lru_cache(maxsize=1024)
def _tools_profile(tools: tuple[str, ...]) -> tuple[frozenset[str], frozenset[str], frozenset[int]]:
    """analyze_tool over a turn's tools, united."""
    acts: set[str] = set()
    doms: set[str] = set()
    words: set[int] = set()
    for t in tools:
        a, d, w = analyze_tool(t)
        acts |= a
        doms |= d
        words |= w
    return frozenset(acts), frozenset(doms), frozenset(words)


def _families(actions: Iterable[str]) -> set[str]:
    return {ACTION_FAMILY[a] for a in actions if a in ACTION_FAMILY}


def _compatible(a: Iterable[str], b: Iterable[str], loose: bool = False) -> bool:
    """Do two action sets ask for the same kind of act? `loose`: "set" also matches "make" (set/start a timer)."""
    a, b = set(a), set(b)
    fa, fb = _families(a), _families(b)
    if fa & fb:
        return True
    return loose and (("set" in a and "make" in fb) or ("set" in b and "make" in fa))


def _dice(a: frozenset[int], b: frozenset[int]) -> float:
    if not a or not b:
        return 0.0
    return 2.0 * len(a & b) / (len(a) + len(b))


def _same_wording(req: Features, s: Served) -> bool:
    """A request with no domain of its own that repeats most of a tool-served request's content words: the same
    kind by precedent, whatever the language or the tool (更新工单X的状态为已解决 / 更新工单Y的状态为等待客户)."""
    if req.domains:
        return False
    shared = len(req.tokens & s.req.tokens)
    return shared >= WORDING_MIN_SHARED and 2.0 * shared / (len(req.tokens) + len(s.req.tokens)) >= WORDING_DICE


# --------------------------------------------------------------------------------------------------------
# The detector
# --------------------------------------------------------------------------------------------------------


@dataclass
class Served:
    """A request the assistant served with a tool."""

    index: int  # index of the user message
    tools: list[str]  # in call order; the first is the expected tool of a later same-kind request
    req: Features
    actions: frozenset[str]  # of the request and of the tool names
    domains: frozenset[str]
    tool_words: frozenset[int]
    snippet: frozenset[int] = field(default_factory=frozenset)

    def to_state(self) -> dict[str, Any]:
        out: dict[str, Any] = {"i": self.index, "tools": list(self.tools), "req": self.req.to_state()}
        if self.actions:
            out["a"] = sorted(self.actions)
        if self.domains:
            out["d"] = sorted(self.domains)
        if self.tool_words:
            out["w"] = pack_hashes(self.tool_words)
        if self.snippet:
            out["s"] = pack_hashes(self.snippet)
        return out

    @classmethod
    def from_state(cls, s: Mapping[str, Any]) -> Served:
        return cls(
            index=int(s["i"]),
            tools=[str(t) for t in s.get("tools", ())],
            req=Features.from_state(s.get("req", {})),
            actions=frozenset(str(x) for x in s.get("a", ())),
            domains=frozenset(str(x) for x in s.get("d", ())),
            tool_words=unpack_hashes(s.get("w", "")),
            snippet=unpack_hashes(s.get("s", "")),
        )

    def add_tools(self, tools: Sequence[str]) -> None:
        for t in tools:
            if t not in self.tools and len(self.tools) < 8:
                self.tools.append(t)
        acts, doms, words = _tools_profile(tuple(tools))
        self.actions = self.actions | acts
        self.domains = self.domains | doms
        self.tool_words = _cap(self.tool_words | words, 16)


class RegressionDetector:
    """Per-conversation state machine; see the module docstring.

    Turn accounting: `on_assistant` returns a turn only for the assistant's *first* message after a user text
    message (its response to the request). That first message decides the outcome the rate counts. Later
    assistant messages of the same turn (the final answer after a tool result, chained calls) return None;
    if they call tools, the tools are added to the request's served record (and a text-only first message
    followed by a call in a second message becomes a served request for later turns, although its turn was
    already counted as text only: providers put text and calls in one message, so this split is rare).
    """

    def __init__(self) -> None:
        self.tool_used = False
        self.served: deque[Served] = deque(maxlen=MAX_SERVED)
        self.pending: Features | None = None  # the request waiting for the assistant's first message
        self._pending_raw: str | None = None  # its text until its flags are worked out (memory only)
        self.pending_index = -1
        self.current: Served | None = None  # the served record of the turn in progress (results attach here)
        self.in_turn = False  # an assistant message answered the latest request
        self.topic: int | None = None  # user index of the served request the conversation is about
        self.last_on_topic = False  # the latest request (thanks aside) was served or matched the topic
        self.last_text_task = False  # the latest request (thanks aside) was a writing task (joke, poem ...)

    # -- feeding ------------------------------------------------------------------------------------------
    def on_user(self, index: int, text: str) -> None:
        """A user message with text (not a tool result)."""
        raw = text[:MAX_TEXT_CHARS]
        if self.pending is not None and not self.in_turn:
            self.pending = self._request().union(_analyze_request(raw))  # two user messages in a row: one request
            self._pending_raw = None
        else:
            self.pending = _request_core(raw)
            self._pending_raw = raw
        self.pending_index = index
        self.current = None
        self.in_turn = False

    def _request(self) -> Features:
        """The pending request with its flags. They are worked out on first need: most requests are served by a
        tool, and only a text-only answer is judged on them. Until then the text is held here (never in the
        state: `to_state` works them out first)."""
        assert self.pending is not None
        if self._pending_raw is not None:
            self.pending = _analyze_request(self._pending_raw)
            self._pending_raw = None
        return self.pending

    def on_tool_result(self, index: int, tool: str | None, text: str) -> None:
        self.tool_used = True
        target = self.current if self.current is not None else (self.served[-1] if self.served else None)
        if target is None:
            return
        merged = target.snippet | snippet_tokens(text)
        target.snippet = _cap(merged, MAX_SNIPPET_TOKENS * 2)
        self._trim_snippets()

    def judges_text(self, tools: Sequence[str]) -> bool:
        """Whether `on_assistant` with these tools would look at the reply's text (a text-only first answer to a
        request, after a tool was used): otherwise any text gives the same result."""
        return self.pending is not None and not self.in_turn and self.tool_used and not any(tools)

    def on_assistant(self, index: int, text: str, tools: Sequence[str]) -> AssistantTurn | None:
        tools = [t for t in tools if t]
        if self.pending is None or self.in_turn:
            # a later message of the same turn, or no request before it
            if tools:
                if self.current is None and self.pending is not None:
                    self.current = self._remember(self.pending_index, self.pending, tools)
                elif self.current is not None:
                    self.current.add_tools(tools)
                self.tool_used = True
            return None
        self.in_turn = True
        before = self.tool_used
        if tools:
            self._pending_raw = None  # served: its flags are never needed
            self.current = self._remember(self.pending_index, self.pending, tools)
            self.tool_used = True
            self.topic = self.pending_index
            self.last_on_topic = True
            self.last_text_task = False
            return AssistantTurn(index, "tool", before, None, f"called {len(tools)} tool(s)")
        if not before:
            self._pending_raw = None
            return AssistantTurn(index, "text_only", before, None, "no tool used before")
        expected, detail = self._judge(self._request(), text)
        return AssistantTurn(index, "text_only", before, expected, detail)

    # -- decisions ----------------------------------------------------------------------------------------
    def _judge(self, req: Features, reply: str) -> tuple[str | None, str]:
        f = req.flags
        match = self._match(req)
        self._follow(req, match[0] if match is not None else None)
        if "ack" in f:
            return None, "acknowledgement"
        if "status" in f:
            return None, "status query"
        for flag, why in (
            ("text_task", "writing task"),
            ("explain", "explanatory or general question"),
            ("advice", "advisory question"),
        ):
            if flag in f:
                return None, why
        if match is None:
            return None, "no similar tool-served request"
        served, score, how = match
        if self._answered(req, served):
            return None, f"answered by earlier results (request at index {served.index})"
        veto = reply_veto(reply)
        if veto is not None:
            return None, veto
        tool = served.tools[0] if served.tools else None
        if tool is None:
            return None, "no tool name"
        return tool, f"{how} request at index {served.index} (score {score:.2f})"

    def _follow(self, req: Features, matched: Served | None) -> None:
        """Update the topic after a text-only turn.

        Only an actionable request moves the topic: to the served request it matches, or away (None) when
        it asks for a kind no tool served. Thanks, chit-chat, questions about the result and writing tasks
        leave the topic as it is, but a continuation ("another one") then refers to them, not to the topic.
        """
        substantive = self._actionable(req) and not ({"ack", "text_task", "explain", "advice"} & req.flags)
        passing = bool({"ack", "status"} & req.flags)  # thanks and "any update?" leave everything as it was
        if not passing:
            self.last_text_task = "text_task" in req.flags
        if matched is not None:
            self.topic = matched.index
            self.last_on_topic = True
        elif substantive:
            self.topic = None
            self.last_on_topic = False
        elif not passing:
            self.last_on_topic = False

    def _actionable(self, req: Features) -> bool:
        if "cancel" in req.flags or "status" in req.flags:
            return False
        if req.actions:
            return True
        if req.domains & LOOKUP_DOMAINS:
            return True
        if any(req.tokens & s.tool_words for s in self.served):
            return True  # it names the object of a tool used before ("remind me ...", create_reminder)
        if any(_same_wording(req, s) for s in self.served):
            return True  # it repeats the wording of a tool-served request (更新工单X的状态为… twice)
        return bool({"ellipsis", "continue"} & req.flags)

    def _match(self, req: Features) -> tuple[Served, float, str] | None:
        """The best tool-served request of the same kind, with its score, or None."""
        if not self.served or not self._actionable(req):
            return None
        if (
            "continue" in req.flags
            and not ("ellipsis" in req.flags or req.domains or self.last_on_topic)
            and (not req.actions or self.last_text_task)
        ):
            return None  # "another one" / "再来一首" after a joke or a poem refers to it, not to the topic
        best: tuple[Served, float, str] | None = None
        for s in reversed(self.served):  # most recent first: ties go to the latest
            dom = bool(req.domains & s.domains) or bool(req.tokens & s.tool_words) or _same_wording(req, s)
            if not dom:
                continue
            if req.domains and not (req.domains & LOOKUP_DOMAINS) and not req.actions:
                continue  # a device/calendar/file question without an action word: not a request to act
            act = bool(req.actions) and _compatible(req.actions, s.actions, loose=True)
            if req.actions and not act and not (req.domains & LOOKUP_DOMAINS & s.domains):
                continue  # "turn on the lights" is not the kind of "what's the light bulb wattage"
            score = min(1.0, 0.5 + 0.25 * act + 0.5 * _dice(req.tokens, s.req.tokens))
            if best is None or score > best[1] + 1e-9:
                best = (s, score, "similar to")
        if best is not None:
            return best
        if req.domains:
            return None  # it names a kind never served by a tool
        # no domain of its own: an ellipsis, a continuation or a short command refers to the current topic;
        # a longer command with an action word may still match a served request of a compatible action.
        topic = self._topic_record()
        if topic is None and ({"ellipsis", "continue"} & req.flags):
            # no current topic: a follow-up attaches to the latest served request it shares a word with
            mine = req.words | req.chars | req.entities
            for s in reversed(self.served):
                if mine & (s.snippet | s.req.words | s.req.chars | s.req.entities):
                    topic = s
                    break
        if topic is not None and ({"ellipsis", "continue", "short"} & req.flags):
            if not req.actions or _compatible(req.actions, topic.actions):
                score = min(1.0, 0.5 + 0.25 * bool(req.actions) + 0.5 * _dice(req.tokens, topic.req.tokens))
                return topic, score, "follow-up of"
            return None
        if req.actions:
            for s in reversed(self.served):
                if _compatible(req.actions, s.actions):
                    score = min(1.0, 0.5 + 0.5 * _dice(req.tokens, s.req.tokens))
                    return s, score, "same action as"
        return None

    def _topic_record(self) -> Served | None:
        if self.topic is None:
            return None
        for s in reversed(self.served):
            if s.index == self.topic:
                return s
        return None

    def _answered(self, req: Features, served: Served) -> bool:
        """An information request whose new tokens all appear in earlier results or requests."""
        if req.actions - {"lookup"} or "continue" in req.flags:
            return False  # an act (turn, send, book ...) or "again"/"another one" asks for a new call
        known: set[int] = set()
        for s in self.served:
            known |= s.snippet
            known |= s.req.tokens
            known |= s.req.chars
            known |= s.req.entities
            known |= s.req.words
        # what the request adds: its entities (names, numbers, file names) if it has any, else its content
        # words and CJK characters (bigrams across word boundaries would be noise)
        units = req.entities or (req.words | req.chars)
        if not units:
            return True  # nothing new beyond the kind itself ("and the forecast?")
        covered = sum(1 for u in units if u in known)
        return covered / len(units) >= ANSWERED_COVERAGE

    def _remember(self, index: int, req: Features, tools: Sequence[str]) -> Served:
        s = Served(index=index, tools=[], req=req, actions=req.actions, domains=req.domains, tool_words=frozenset())
        s.add_tools(tools)
        if self.served and self.served[-1].index == index:
            self.served.pop()
        self.served.append(s)
        self._trim_snippets()
        return s

    def _trim_snippets(self) -> None:
        """Only the last MAX_SNIPPETS served requests keep their result snippet."""
        n = len(self.served) - MAX_SNIPPETS
        if n > 0:
            for s in itertools.islice(self.served, n):
                if s.snippet:
                    s.snippet = frozenset()

    # -- state --------------------------------------------------------------------------------------------
    def to_state(self) -> dict[str, Any]:
        cur = None
        if self.current is not None:
            for i, s in enumerate(self.served):
                if s is self.current:
                    cur = i
        out: dict[str, Any] = {"v": STATE_VERSION}
        if self.served:
            out["served"] = [s.to_state() for s in self.served]
        if self.pending is not None:
            req = self._request()
            for i, s in enumerate(self.served):  # usually the request just served: say which, not what
                if s.req == req:
                    out["pending_ref"] = i
                    break
            else:
                out["pending"] = req.to_state()
        # only what differs from a fresh detector
        for key, value, fresh in (("tool_used", self.tool_used, False), ("pending_index", self.pending_index, -1),
                                  ("current", cur, None), ("in_turn", self.in_turn, False),
                                  ("topic", self.topic, None), ("on_topic", self.last_on_topic, False),
                                  ("text_task", self.last_text_task, False)):
            if value != fresh:
                out[key] = value
        return out

    @classmethod
    def from_state(cls, state: Mapping[str, Any]) -> RegressionDetector:
        d = cls()
        if int(state.get("v", STATE_VERSION)) != STATE_VERSION:
            return d  # an unknown layout: start afresh rather than misread it
        d.tool_used = bool(state.get("tool_used", False))
        for s in state.get("served", ()):
            d.served.append(Served.from_state(s))
        p = state.get("pending")
        ref = state.get("pending_ref")
        if ref is not None and 0 <= int(ref) < len(d.served):
            d.pending = d.served[int(ref)].req
        else:
            d.pending = None if p is None else Features.from_state(p)
        d.pending_index = int(state.get("pending_index", -1))
        cur = state.get("current")
        d.current = d.served[int(cur)] if cur is not None and 0 <= int(cur) < len(d.served) else None
        d.in_turn = bool(state.get("in_turn", False))
        t = state.get("topic")
        d.topic = None if t is None else int(t)
        d.last_on_topic = bool(state.get("on_topic", False))
        d.last_text_task = bool(state.get("text_task", False))
        return d
