"""Per-language closed lists: function words, and the surface cues of the negative rules.

These are small and closed (how people thank, ask about progress, ask why, decline, confirm, claim to have
acted), never a list of domains, devices or tools: what a request is *about* comes from the conversation's
own evidence (`evidence.py`). English, Chinese and French are here.

**Adding a language.** Write one `Language` below and append it to `LANGUAGES`: `script` says which texts it
reads (`latin` for space-separated scripts, whose words are stemmed by `text.stem`; `cjk` for texts cut into
character n-grams at `cut`), `stop` its function words, and one pattern per cue (a pattern that never matches,
`NEVER`, is allowed while a cue is unknown). The patterns see the NFKC, case-folded text. Add tests with a
served request, a regression and the hard negatives in that language to tests/unit/core/test_regression.py.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

NEVER = re.compile(r"(?!x)x")


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


@dataclass(frozen=True)
class Language:
    name: str
    script: str  # "latin" (words) or "cjk" (character n-grams)
    stop: frozenset[str]  # function words (latin: stemmed words; cjk: unused, see `cut`)
    cut: re.Pattern[str]  # cjk: function words/characters a run is cut at
    time: frozenset[str]  # time words: slot values, never what a request is about ("today", 明天)
    ack: re.Pattern[str]  # thanks / ok / great
    request: re.Pattern[str]  # a request marker that survives a polite lead-in ("I also need", 帮我, 再)
    status: re.Pattern[str]  # asking about work in progress
    text_task: re.Pattern[str]  # a writing task the model does itself
    explain: re.Pattern[str]  # why / how does / what does ... mean / usually
    advice: re.Pattern[str]  # should I / any tips
    policy: re.Pattern[str]  # a yes/no question about what the user may do ("can I cancel after ...?")
    cancel: re.Pattern[str]  # calling it off
    ellipsis: re.Pattern[str]  # "what about X?", 那X呢？ (short requests)
    also: re.Pattern[str]  # "... as well", "also ...", 也…: the same act again, for another object (any length)
    more: re.Pattern[str]  # "again", "another one", "a bit more", "lower", 再 (short requests)
    number: re.Pattern[str]  # a quantity ("26", 三十): a request with one may change a call's number
    refer: re.Pattern[str]  # a command on "it" / 把它: about the topic's object
    recall: re.Pattern[str]  # "what was it again?", 来着: asks to be reminded of what was said
    complaint: re.Pattern[str]  # "too loud", 太亮了: a complaint about a state asks to change it
    fresh: re.Pattern[str]  # "... now?", "yet", 现在: asks for the present state, which no earlier result shows
    compare: re.Pattern[str]  # "more than", "between", 比: a question that compares what results already gave
    question: re.Pattern[str]  # a question without a question mark
    closer: re.Pattern[str]  # "anything else?": not a clarifying question
    claim: re.Pattern[str]  # a claim of having acted ("done", 已)
    acted: re.Pattern[str]  # a first-person report of an act or lookup just done, or promised ("I've booked", 已为您)
    clarify: re.Pattern[str]  # a request for details or confirmation
    refuse: re.Pattern[str]  # can't / won't
    reason: re.Pattern[str]  # a situational reason for a refusal
    capability: re.Pattern[str]  # "I don't have access": the symptom, never a reason
    restrict: re.Pattern[str]  # a restriction in a system prompt ("never", "only", 不要)


EN = Language(
    name="en",
    script="latin",
    stop=_words(
        """
        a an the to of in on at by for with and or but so then too also as well it its this that these those me my
        mine i you your yours we our us they them he she him her his please pls can could would will shall should
        do doe does did done is are wa was were be been being am have ha has had what whats which who whom when
        where why how hows about now just again some any more bit little lot much many there here let lets know
        like want need get go going gonna ok okay yes no not dont hey hi one another other same very really into
        out up down off if than thing something anything all every each either both own sure right maybe kind sort
        way there's it's that's what's i'm i'll i've you're don't can't let's still yet only even tell say said
        give make made put take also too from as via per look try use using check find show see help saying say
        oh ah um uh hmm wait well
        """
    ),
    cut=NEVER,
    time=_words(
        """
        today tomorrow yesterday tonight morning afternoon evening night week weekend month year monday tuesday
        wednesday thursday friday saturday sunday now later soon next last
        """
    ),
    ack=re.compile(
        r"\b(thanks|thank you|thx|ty|ok|okay|great|perfect|cool|nice|awesome|good|fine|alright|got it|gotcha|"
        r"lovely|excellent|brilliant|sweet|wow|haha|lol|k|kk|that'?s (?:all|it|enough|better|exactly)|"
        # greetings and goodbyes: no request of their own
        r"hello|hi|bye|bye-bye|goodbye|good bye|farewell|see you|see ya|cya|ciao|good night)\b"
    ),
    request=re.compile(
        r"\b(?:(?:can|could|would|will) you|please|i (?:also |now |still )?(?:need|want|would like|'d like)|"
        r"now (?:please )?[a-z]+|also [a-z]+|let'?s|go ahead|do it|if you can|if possible)\b"
    ),
    status=re.compile(
        r"\b(?:any (?:updates?|news|progress|luck|word)(?: yet)?|(?:is|are) (?:it|you|we|things) (?:done|ready|"
        r"finished|there|complete|still (?:there|working|on it|going|running|processing))(?: yet)?|still (?:working|"
        r"waiting|processing|running|going|loading|on it|there)|how(?:'s| is) it going|how much longer|(?:what's|what "
        r"is) taking so long|(?:what's|what is) the status|status update|(?:is it|are you) (?:almost|nearly) (?:done|"
        r"there)|done yet|ready yet)\b"
    ),
    text_task=re.compile(
        r"\b(poem|haiku|limerick|story|joke|essay|lyrics|summari[sz]e|summary|translate|translation|rewrite|"
        r"paraphrase|in one sentence|proofread|draft|write (?:me )?(?:a|an) |write me\b|write up\b|headlines?\b|"
        r"taglines?\b|slogans?\b|captions?\b|subject lines?\b|come up with|brainstorm|write (?:that|this|it|them) "
        r"up\b|as a (?:short |quick )?(?:note|email|message|summary)\b)"
    ),
    explain=re.compile(
        r"(?:^if\b|\b(?:why|how (?:do|does|did|can|should|long should|much should|come)|how to|"
        r"what(?:'s| is) (?:a|an|the "
        r"difference)|what does|difference between|explain|meaning of|mean\b|stand for|usually|typically|in "
        r"general|generally|normally|on average|in theory|what(?:'s| is) the diff\b|\bvs\.?\b|\bversus\b|used for\b|"
        r"what [\w' -]{1,40} (?:does|means)\b|^(?!(?:can|could|would|will) you)[^?]*\bif (?:i|we|they|he|she|it)\b"
        r"[^?]*\?\s*$))"
    ),
    advice=re.compile(
        r"\b(should i|do i need|shall i|is it worth|would you recommend|do you think|what do you reckon|"
        r"in your opinion|would (?:that|it|this) work|(?:is it|it's|if it's) (?:bad|good|ok|okay|safe|harmful)\b|"
        r"what (?:would|should|could|can) i do|do you recommend|recommend|"
        r"any tips|tips for|"
        r"any ideas|any advice|what should i do|is it (?:a good|better|safe|okay|ok) to|(?:what's|what is|which is|"
        r"which's) the best|best way to)\b"
    ),
    policy=re.compile(
        r"^\s*(?:(?:can|could|may) i|am i (?:allowed|able)|is it possible|are (?:you|we) allowed|do you (?:support|"
        r"allow|charge|offer)|is there a (?:fee|limit|charge))\b|\bor (?:only|just)\b[^?]*\?\s*$|\b(?:are you able to|"
        r"can it|can that|does (?:it|that) (?:support|work|handle)|is (?:it|that) able to|"
        r"how (?:high|low|far|many|much) "
        r"can (?:it|i|you|that)|what(?:'s| is) the (?:max|maximum|min|minimum|limit|highest|lowest))\b|"
        r"^\s*(?:(?:and|so|but|also|great|ok|okay),?\s+)*(?:can|could|may|must) (?:i|we|they|he|she)\b|"
        r"\b(?:does|do) (?:he|she|they|we|i) (?:need|have to)\b|\bcan we\s*\?\s*$"
    ),
    cancel=re.compile(
        r"\b(never ?mind|actually,? no\b|leave (?:it|that|that one|them|those)(?: alone| as (?:it is|is))?$|"
        r"no need|don't bother|forget it|forget about it|(?:did|found|searched|checked|looked) it "
        r"(?:up )?myself|myself already|i'll do it myself|skip it|cancel that request|"
        r"(?:don't|do not) (?:send|[a-z]+ (?:anything|any more|"
        r"it|that|them))|stop)\b"
    ),
    ellipsis=re.compile(
        r"^(?:and|what about|how about|same for|same with|also|now|then|ok(?:ay)?,? (?:and|now|what about|how about)|"
        r"great,? (?:and|now|what about|how about))\b|\b(?:too|as well|also)$|\b(?:do|same) the same\b|^and for "
        r"[a-z0-9]"
    ),
    also=re.compile(
        r"(?:^(?:also|and also)\b|\b(?:as well|too)$|\bas well\b|\balso (?:[a-z]+)\b|^(?:and )?(?:same|likewise)\b|"
        r"\binstead\b|\b(?:the )?same (?:thing|again)\b|^and (?:how|what|which|who|when|where|is|are|can|could|do|"
        r"does|for)\b|\b(?:that|the) same "
        r"(?:period|window|time|range|dates?|days?|weeks?|months?)\b|^(?:my |the )?other one\b|"
        r"\b(?:another|one more)\b)"
    ),
    refer=re.compile(
        r"\b(?:[a-z]+) (?:it|that|them|this one|that one)(?: back)? (?:up|down|on|off|to|over|into|at|back)\b|"
        r"^(?:so )?(?:what|how)(?:'s| is| are) (?:it|they) (?:doing|looking|going)\b"
    ),
    recall=re.compile(
        r"\b(?:right\s*\?\s*$|correct\s*\?\s*$|again\s*\?|(?:what|which|where|when|who)\b.*\bagain\s*[.!]?\s*$|"
        r"when we (?:looked|checked|started)|"
        r"remind me (?:what|how|which|when)|what (?:was|were) (?:the|that|it)|how much was|"
        r"which (?:one|"
        r"gate|room|time) was|did you say)"
    ),
    more=re.compile(
        r"\b(again|another|more|less|even more|once more|one more|a bit|a little|slightly|further|a notch|lower|"
        r"higher|louder|quieter|softer|brighter|dimmer|warmer|cooler|colder|hotter|faster|slower|bigger|smaller|"
        r"longer|shorter)\b"
    ),
    number=re.compile(r"\d"),
    complaint=re.compile(r"\b(?:too|way too|far too|not ([a-z]{3,}) enough) ([a-z]{3,})\b"),
    fresh=re.compile(r"\b(?:now|yet|so far|at the moment|currently|any more|anymore|latest|still)\s*[?.!]*\s*$|"
                     r"\b(?:right now|as of now|by now)\b"),
    compare=re.compile(r"\b(?:between|than|difference|behind|ahead of|which (?:one )?(?:is|was) (?:more|less|bigger|"
                       r"smaller|higher|lower|cheaper|faster))\b"),
    question=re.compile(
        r"^\s*(?:what|which|who|when|where|why|how|is|are|do|does|did|will|would|should|can i|could i|any)\b"
    ),
    closer=re.compile(
        r"(anything else[^.?!]*[?.!]?|is there anything else[^.?!]*[?.!]?|let me know if[^.?!]*[?.!]?|"
        r"hope (?:this|that) helps[^.?!]*[?.!]?|need anything else[^.?!]*[?.!]?|what else can i do[^.?!]*[?.!]?)"
    ),
    claim=re.compile(
        r"\b(done|all set|i've|i have|i'll|i will|has been|have been|is now|are now|now playing|here you go|"
        r"here (?:is|are)|turned|sent|booked|scheduled|deleted|removed|created|added|lowered|raised|started|updated|"
        r"changed|adjusted|set (?:to|for)|switched|playing|opened|closed|paid|ordered|filed|logged|saved|moved|"
        r"executed|ran|found|checked|currently|right now)\b"
    ),
    acted=re.compile(
        r"^(?:done|all set|all done|all in place|booked|sent|voided|paid|scheduled|submitted|filed|ordered|started|"
        r"stopped|"
        r"cancell?ed|deleted|created|added|updated|fixed|on it|got it (?:done|booked|sent)|approved|acknowledged|"
        r"confirmed|paused|resumed|logged|removed|restored|renewed|reserved|placed|set up|kicked off|listo|hecho|"
        r"you're (?:all set|booked|in|confirmed))\b|"
        r"^[^.!?\n]{0,60}\b(?:is|are) (?:off|on|done|booked|scheduled|live|paused|cancell?ed|approved|added|set up|"
        r"confirmed|restored|removed|logged)\b(?! (?:if|when|until|unless|by default))|"
        r"^[^.!?\n]{0,60}\b(?:kicked off|is done too|are done too)\b|"
        r"\b(?:i've|i have|i just|i went ahead and|we've) (?:\w+ )?(?:booked|sent|paid|scheduled|submitted|filed|"
        r"ordered|started|stopped|cancell?ed|deleted|created|added|updated|set|turned|moved|changed|placed|armed|"
        r"locked|unlocked|paused|unpaused|resumed|voided|reset|restarted|scaled|enabled|disabled|requested|renewed|"
        r"queued|logged|uploaded|merged|checked|looked|ran|pulled|applied|issued|refunded|registered|reserved|"
        r"marked|assigned|approved|acknowledged|scheduled|added|removed)\b|"
        r"\b(?:is|are) now\b|\b(?:has|have) been (?:\w+ed|set|sent|paid|run)\b|"
        r"\b(?:is|are) (?:active|armed|running|paused|live|on|off|back on) again\b|"
        r"\b(?:i'll|i will|let me) (?:get|go ahead|book|send|pay|schedule|submit|file|order|start|cancel|create|"
        r"add|update|place|run|pull|check)\b"
    ),
    clarify=re.compile(
        r"\b(please (?:specify|confirm|tell me|let me know|provide)|which (?:one|room|device|day|time|account|file|"
        r"of)|do you mean|did you mean|are you sure|to confirm|do you want me to|should i|could you (?:tell|give|"
        r"provide|confirm|clarify)|can you (?:tell|give|provide|confirm|clarify)|"
        r"what (?:is|'s) (?:the|your) [a-z ]{0,20}"
        r"(?:number|id|name|address|date|amount)|i need (?:the|your|a|to know))\b"
    ),
    refuse=re.compile(
        r"\b(can't|cannot|can not|unable|not able|won't|will not|couldn't|isn't possible|not possible|not allowed|"
        r"not permitted|i'm afraid|sorry, (?:but )?i|(?:has|have|needs?) to be (?:approved|signed off)|"
        r"^(?:no|nope)\b(?! problem| worries| prob)|^not (?:from here|during|while|until|right now|yet|possible|"
        r"something)|has no (?:option|way)|"
        r"there isn't a|there is no (?:option|way))\b"
    ),
    reason=re.compile(
        r"(\bbecause\b|\bsince\b|\bas it\b|\bas the\b|\bdue to\b|\balready\b|\bmaximum\b|\bminimum\b|\bmax\b|\bmin\b|"
        r"\blimit|only (?:goes|allows|supports|works|handles)|in the past|not allowed|not permitted|isn't safe|"
        r"not safe|"
        r"unsafe|\bpolicy\b|protected|outside|permission|doesn't exist|does not exist|not found|no longer|too (?:low|"
        r"high|long|large|many|much|soon|late)|requires?\b|exceeds?|over the|under the|restricted|against|"
        r"\binstead\b|\byourself\b|from here|here i can|i can only|only (?:book|handle|do|look|check|see|read)|"
        r"(?:has|have|needs?) to (?:be|go) |signed off|approv|you can (?:do|use|call|visit|go|try|ask|contact)|"
        r"happy to draft|\bonly\b|freeze|\brules?\b|no option|doesn't support|not supported|isn't supported)"
    ),
    capability=re.compile(
        r"(as an ai|language model|don't have (?:access|the ability|a way|tools?)|do not have (?:access|the ability|"
        r"a way|tools?)|(?:not able|unable|can't|cannot) to (?:access|control|browse|connect|check|look|get|run|"
        r"execute|perform|interact)|(?:can't|cannot) (?:access|control|browse|connect|run|execute|interact)|"
        r"i'm (?:just )?a (?:text|language|virtual)|text-based|no access to|real-time (?:data|information|access)|"
        r"i don't have (?:real-time|live|direct)|beyond my capabilities)"
    ),
    restrict=re.compile(
        r"\b(never|don't|do not|must not|mustn't|only|not allowed|forbidden|prohibited|refuse|decline|cannot|can't|"
        r"may not|under no circumstances|not permitted|limit(?:ed)? to|no more than|at most|maximum|policy)\b"
    ),
)

ZH = Language(
    name="zh",
    script="cjk",
    stop=frozenset(),
    cut=re.compile(
        "|".join(
            sorted(
                _words(
                    """
                    一下 一点 一些 一个 帮我 帮忙 请问 麻烦 可以 能不能 可不可以 是不是 有没有 会不会 怎么样 什么
                    多少 为什么 的话 这个 那个 然后 还有 我们 你们 他们 一共 几个 哪个 哪些 哪里 一样 一起
                    现在 一首 一张 一条
                    一份 一杯 一次 一遍 一辆 一台
                    """
                ),
                key=lambda w: (-len(w), w),
            )
        )
        + "|["
        + re.escape("的了吗呢吧啊呀哦嗯嘛啦么我你您他她它们请给把被让这那也还就都很太再又是在和跟与及或个些呗哈得着过"
                    "哪谁啥怎样几要想")
        + "]"
    ),
    time=_words(
        "今天 明天 昨天 后天 今晚 明晚 早上 上午 中午 下午 晚上 周末 下周 本周 这周 上周 下个 月份 星期 周一 "
        "今年 去年 明年 本月 上个月 下个月"
    ),
    ack=re.compile(r"(谢谢|多谢|感谢|好的|好吧|拜拜|你好|可以了|行了|不错|太好了|刚刚好|正好|好多了|就这样|嗯嗯|哈哈|没问题|收到|明白了|明白(?!.{0,2}吗)|知道了|了解|辛苦)"),
    request=re.compile(
        r"(帮我|帮忙|请|麻烦|给我|我要|我想|我还要|我也要|还需要|再帮|能不能帮|可以帮|能帮|顺便|另外|接着|继续|把|设成|设为|调到|调成|改成|换到|换成)"
    ),
    status=re.compile(
        r"((?:好|完成|搞定|弄好|处理好|做好|办好|好没好)了?(?:吗|没有|没)|怎么样了|进展(?:如何|怎么样)?|"
        r"有(?:结果|消息|进展|回复|动静)了?(?:吗|没有|没)?|还在(?:处理|弄|忙|查|搞|跑|等)?(?:吗|呢)?|还(?:没有|没)(?:好|完成|弄好)|"
        r"(?:还要|要)多久|多久(?:能|才能)?好|在吗|(?:成功|好|完成|搞定|提交|办好)了吧)"
    ),
    text_task=re.compile(r"(写一首|写首|写一段|写一篇|写个|一首.{0,6}诗|小诗|诗|笑话|故事|作文|总结|概括|翻译|改写|润色|一句话|整理成|整理一下|汇总成|写成)"),
    explain=re.compile(
        r"(为什么|为啥|怎么回事|原理|区别|是什么意思|什么意思|什么是|是怎么|一般|通常|平均|是指|含义|解释|打不开|用不了|进不去|点不了|加载不出|啥意思|指啥|指的是|是啥|怎么(?:多|少|高|低|变|"
        r"又)|是不是(?:就|意味着|保证|一定))"
    ),
    advice=re.compile(r"(要不要|需不需要|需要.{0,6}吗|该不该|值得|推荐|建议|好不好|合适|适合|应该|怎么办|穿什么|带什么|我该|该怎么|注意什么|注意哪些|你觉得)"),
    policy=re.compile(r"(?:最高|最多|最低|最少|最大|最小)(?:能|可以)|能.{0,6}多少|^(?:我)?(?:可以|能|能不能|可不可以)(?!帮|给|替|把|再|将).{0,20}(?:吗|？|\?)$|(?:是否|能否)(?:允许|支持)|(?:收费|手续费)吗|(?:你们|这里|这儿|平台|这个)(?:能|可以|支持)[^帮给替把再将].{0,12}(?:吗|？|\?)|会怎样|会怎么样|有什么后果"),
    cancel=re.compile(r"(不用了|不用[关开调改换查搜找订约交买发]|不用麻烦|不需要了|算了$|^算了[，,。!！]?$|算了算了|别.{0,3}了|我自己查|我自己搜|我自己找|我自己来|我自己.{1,10}了|(?:以后|回头|到时候|到期|月底|下次)?再说[吧了]?[。!！~～]*$)"),
    ellipsis=re.compile(r"(?:^(?:还有|另外|换成|改成)|呢$|呢\s|也是$|也要$|也一样$|同样)"),
    also=re.compile(r"(也|又|另外|同样|顺便|换成|换到|改成|改为|重新|还有一个|还有个|再.{0,2}[一个]|再给|再帮|再发|再设|再订|再查|再搜|再放|再加)"),
    refer=re.compile(r"(把它|把这个|把那个|把他|给它|它)"),
    recall=re.compile(r"(来着|刚才说|刚刚说|你说的|之前说|对吧|是吧|没错吧)"),
    fresh=re.compile(r"(现在呢|现在(?:多少|怎么样|什么情况|还)|最新|了没(?:有)?[？?]?$)"),
    compare=re.compile(r"(比.{0,8}(?:多|少|高|低|贵|便宜|快|慢|大|小)|差多少|差距|相差|哪个更|多还是少)"),
    more=re.compile(r"(再|还要|又|更|多一点|一点点|[大小高低亮暗快慢多少长短强弱冷热][一]?[点些]|调[大小高低亮暗])"),
    number=re.compile(r"(\d|[零两三四五六七八九十百][零一二两三四五六七八九十百]?(?:点|度|号|个|分|岁|%|块|元|档|级)|一(?:度|号|档|级))"),
    complaint=re.compile(r"(?:太|有点|特别|还是太|还是有点)([^\W的了好棒赞])了?"),
    question=re.compile(r"[吗呢么]\s*$|还是\S{1,6}\s*$|(\S)[不没]\1"),
    closer=re.compile(
        r"(还有什么[^。？！?!]*[？?！!。]?|还需要[^。？！?!]*[？?！!。]?|有需要再[^。？！?!]*[？?！!。]?|随时[^。？！?!]*[？?！!。]?)"
    ),
    claim=re.compile(r"(已|好了|完成|搞定|成功|马上|正在|这就|以下是|如下|结果是|目前)"),
    acted=re.compile(
        r"((?:已经?|都)(?:为您|帮您|给您|为你|帮你|给你)|已经?(?:提交|预约|预订|订好|约好|开启|打开|关闭|启动|取消|缴纳|"
        r"支付|发送|下单|结束|开锁|设置|设好|调整|调到|修改|更新|申请|办理|登记|转账|充值|购买|报名|解绑|绑定|删除|添加|发布|"
        r"上传|锁|解锁|续借|延长|安排|通知|退)|(?:预约|预订|支付|缴费|提交|下单|开锁|办理|报名|充值|购买|申请|续借|退款|"
        r"取消)成功|(?:订|约|办|弄|交|设|开|关)好(?:了|啦)|搞定|根据查询结果|查询结果显示|(?:帮您|为您|给您)查到|查到了|查了一下|已经测过|已切换|已经?改到|已分|签约成功|"
        r"(?:这就|马上|立即|现在就)(?:为您|帮您|给您|为你|帮你|给你)?|(?:为您|帮您|给您|为你|帮你|给你)(?:启动|开启|预约|预订|"
        r"提交|下单|办理|缴纳|支付|关闭|取消|设置|调整|安排|开通|登记|申请|续借|开锁|结束|播放)|正在(?:为您|帮您|给您|播放|启动|"
        r"提交|下单|办理))"
    ),
    clarify=re.compile(r"(请问|请告诉我|请提供|请确认|确认要|确定要|您是指|哪个|哪一|是否要|要不要我|需要您|您能提供|您想要|麻烦.{0,4}(?:发|提供|告诉|确认)|(?:发|告诉)我一下|要不要我|需要的话我)"),
    refuse=re.compile(r"(无法|不能|没法|没办法|做不到|做不了|不可以|不支持|不行|抱歉|[交办查订约改退提发买点叫寄租修换]不了|没有.{0,8}权限|不需要|不会受理|不受理|得(?:由|让|找|去)?.{1,6}(?:来|去)(?:改|办|处理|操作))"),
    reason=re.compile(
        r"(因为|由于|已经|已是|最大|最小|最高|最低|上限|下限|过去|不存在|找不到|权限|受保护|不允许|不安全|范围|只能|超过|超出|规定|政策|限制|需要先|"
        r"需要(?:在|到|通过|去)|请(?:到|去|在|通过|登录)|可以(?:在|到|通过|去|登录)|自行|窗口|线下|审批|禁售|只查了|免检|还在.{0,4}期|(?:能用|能做|能办|能查|支持)的(?:是|有|只有)|只支持)"
    ),
    capability=re.compile(
        r"(作为(?:一个)?(?:ai|人工智能)|语言模型|无法直接|没有办法控制|无法控制|不能控制|无法访问|不能访问|无法获取实时|无法实时|无法联网|没有联网|"
        r"无法执行|无法运行|无法操作|没有.{0,4}(?:权限|能力|工具))"
    ),
    restrict=re.compile(r"(不要|不得|禁止|不能|不可|只能|仅|只可以|切勿|严禁|最多|不超过|拒绝)"),
)

# French: written from first principles (how people ask, thank, decline and claim to have acted), no record of any
# set read. Function words only where English has no word of the same spelling that a request would hold ("on", "a",
# "plus", "car", "son", "mon", "ai", "pendant" are left out); elided forms (l', d', qu' …) are cut by `text.stem`.
FR = Language(
    name="fr",
    script="latin",
    stop=_words(
        """
        le la les un une des du de et ou mais donc ni pour par avec sans sur sous dans au aux ce cet cette ces ma
        mes ta tes sa ses notre nos votre vos leur leurs je tu il elle nous vous ils elles moi toi lui eux est
        sont suis es était étaient été être avoir avons avez ont avait que qui quoi quel quelle quels quelles
        dont où comment pourquoi quand combien ne pas très bien aussi encore déjà merci oui non svp stp peux peut
        pouvez pourrais pourriez pourrait voudrais veux voulez faut fais fait faire mets mettre cela ça ceci celui
        celle ceux celles y en se te lequel laquelle lesquels chez vers depuis alors puis ensuite juste
        même autre autres tout tous toute toutes quelque quelques chaque rien personne s'il plaît est-ce j'ai
        """
    ),
    cut=NEVER,
    time=_words(
        """
        aujourd'hui demain hier soir matin midi après-midi nuit semaine week-end mois année lundi mardi
        mercredi jeudi vendredi samedi dimanche maintenant tard tôt bientôt prochain prochaine dernier dernière
        """
    ),
    ack=re.compile(
        r"\b(merci(?: beaucoup| bien)?|d'accord|parfait|génial|excellent|très bien|ça marche|entendu|c'est (?:bon|"
        r"parfait|noté|tout|gentil)|bonjour|bonsoir|salut|au revoir|bonne (?:journée|soirée|nuit)|à plus)\b"
    ),
    request=re.compile(
        r"\b(?:(?:tu |vous )?(?:peux|pourrais|pouvez|pourriez)[- ](?:tu|vous)|s'il (?:te|vous) pla[iî]t|je "
        r"(?:voudrais|veux|souhaite|souhaiterais)|j'aimerais|il me faut|j'ai besoin|maintenant [a-zé]+|vas-y|"
        r"allez-y)\b"
    ),
    status=re.compile(
        r"\b(?:alors\s*\?|ça avance|c'est (?:fait|bon|prêt|fini)\s*\?|(?:tu as|vous avez) (?:fini|terminé)|"
        r"toujours en cours|où en (?:es-tu|êtes-vous|est-on)|des nouvelles|du nouveau|encore long)"
    ),
    text_task=re.compile(
        r"\b(poème|poésie|haïku|histoire|conte|blague|résume|résumé|résumer|traduis|traduire|traduction|"
        r"reformule|rédige|rédiger|brouillon|écris-moi|écris un|slogan|titre accrocheur|en une phrase)\b"
    ),
    explain=re.compile(
        r"\b(pourquoi|comment (?:ça|cela) (?:marche|fonctionne)|comment fonctionne|c'est quoi|qu'est-ce que|que "
        r"veut dire|ça veut dire|différence entre|en général|d'habitude|habituellement|normalement|en moyenne|"
        r"explique)\b"
    ),
    advice=re.compile(
        r"\b(devrais-je|est-ce que je devrais|tu me conseilles|vous me conseillez|tu conseilles|vaut-il mieux|"
        r"tu penses que|vous pensez que|tu recommandes|des conseils|des idées|quel est le meilleur|quelle est la "
        r"meilleure)\b"
    ),
    policy=re.compile(
        r"^\s*(?:est-ce que (?:je|on) peut|est-ce que je peux|puis-je|ai-je le droit|est-il possible|peut-on)\b|"
        r"\b(?:y a-t-il (?:des frais|une limite)|c'est payant)\b"
    ),
    cancel=re.compile(
        r"\b(laisse tomber|laissez tomber|oublie (?:ça|ce)|pas la peine|pas besoin|je (?:vais )?le ferai? moi-même|"
        r"je m'en occupe|n'envoie (?:rien|pas)|ne (?:l'|le |la |les )?envoie pas|stop)\b"
    ),
    ellipsis=re.compile(
        r"^(?:et|et pour|et à|et au|et en|et chez|et si|pareil pour|même chose pour|idem pour|aussi|"
        r"ok,? et|d'accord,? et)\b|\b(?:aussi|également|pareil|idem)$"
    ),
    also=re.compile(
        r"(?:^(?:aussi|et aussi)\b|\b(?:aussi|également)\b|\bpareil\b|\bidem\b|\bla même chose\b|\ble même\b|"
        r"\bla même\b|\bencore un(?:e)?\b|\bun(?:e)? autre\b|\bà la place\b)"
    ),
    refer=re.compile(r"\b[a-zàâçéèêëîïôûùüÿ]+-(?:le|la|les|lui|moi)\b"),
    recall=re.compile(
        r"\b(?:déjà\s*\?|c'était (?:quoi|quel|quelle|combien)|tu (?:m'as|as) dit|vous (?:m'avez|avez) dit|"
        r"rappelle-moi|rappelez-moi|n'est-ce pas\s*\?|c'est (?:bien )?ça\s*\?)"
    ),
    more=re.compile(
        r"\b(encore|un peu plus|un peu moins|davantage|moins|plus fort|moins fort|plus bas|plus haut|plus chaud|"
        r"plus froid|plus vite|plus lentement|un cran|un peu)\b"
    ),
    # (six, sept, cent are English words too)
    number=re.compile(r"\d|\b(?:deux|trois|quatre|cinq|huit|neuf|dix|vingt|trente)\b"),
    complaint=re.compile(r"\b(?:trop|beaucoup trop|bien trop|pas assez) ([a-zàâçéèêëîïôûùüÿ]{3,})\b"),
    fresh=re.compile(r"\b(?:maintenant|actuellement|en ce moment|toujours|encore)\s*[?.!]*\s*$|"
                     r"\b(?:à l'instant|à présent|en ce moment)\b"),
    compare=re.compile(r"\b(?:différence|plus (?:cher|grand|petit|rapide|long|court) que|moins (?:cher|long) que)\b"),
    question=re.compile(
        r"^\s*(?:qu(?:el|elle|els|elles)|qui|quand|où|pourquoi|comment|combien|est-ce que|est-ce qu'|y a-t-il|"
        r"as-tu|avez-vous|peux-tu|pouvez-vous)\b"
    ),
    closer=re.compile(
        r"(autre chose[^.?!]*[?.!]?|n'hésite[zs]? pas[^.?!]*[?.!]?|si (?:tu as|vous avez) besoin[^.?!]*[?.!]?|"
        r"je reste (?:à|a) (?:ta|votre) disposition[^.?!]*[?.!]?)"
    ),
    claim=re.compile(
        r"(?:^fait\b)|\b(c'est fait|c'est noté|c'est réglé|c'est bon|voilà|terminé|j'ai|je viens de|a été|ont été|est "
        r"maintenant|sont maintenant|réservé|réservée|envoyé|envoyée|annulé|annulée|supprimé|ajouté|ajoutée|"
        r"modifié|réglé|réglée|baissé|monté|augmenté|programmé|commandé|payé|enregistré|actuellement)\b"
    ),
    acted=re.compile(
        r"^(?:c'est fait|c'est noté|c'est réglé|voilà|fait|terminé|réservé|réservée|envoyé|envoyée|annulé|annulée|"
        r"commandé|payé|programmé|ajouté|ajoutée|supprimé|modifié|réglé|réglée)\b|"
        r"\b(?:j'ai|je viens d[e']|nous avons) (?:\w+ )?(?:réservé|envoyé|annulé|supprimé|ajouté|modifié|réglé|"
        r"baissé|monté|augmenté|diminué|programmé|commandé|payé|enregistré|lancé|arrêté|allumé|éteint|mis|changé|"
        r"transféré|vérifié|regardé|cherché|trouvé|activé|désactivé|déplacé|créé|mis à jour|rechargé|ouvert|"
        r"fermé)\b|"
        r"\b(?:est|sont) (?:maintenant|désormais)\b|\b(?:a|ont) été (?:\w+é|\w+ée|\w+és|\w+ées)\b|"
        r"\b(?:je (?:vais|m'en occupe)|je (?:le|la|les) (?:réserve|envoie|annule|règle|baisse|monte))\b"
    ),
    clarify=re.compile(
        r"\b(pour combien de|(?:à )?quelle heure|lequel|laquelle|lesquels|lesquelles|pouvez-vous (?:préciser|"
        r"confirmer|me dire|m'indiquer)|peux-tu (?:préciser|confirmer|me dire|m'indiquer)|voulez-vous que|"
        r"veux-tu que|souhaitez-vous|tu veux dire|vous voulez dire|pour confirmer|(?:quel|quelle) est (?:le|la|"
        r"votre|ton|ta) [a-zàâçéèêëîïôûùüÿ ]{0,20}(?:numéro|nom|adresse|date|montant))\b"
    ),
    refuse=re.compile(
        r"\b(je ne (?:peux|pourrai) pas|je ne suis pas en mesure|c.est impossible|impossible d[e']|pas possible|"
        r"je n'ai pas le droit|"
        r"désolé|désolée|malheureusement|je crains|ce n'est pas possible|^non\b(?! merci))"
    ),
    reason=re.compile(
        r"\b(parce que|puisque|à cause de|en raison de|déjà|maximum|minimum|limite|politique|interdit|pas autorisé|"
        r"n'existe pas|introuvable|plus disponible|trop (?:tôt|tard|élevé|bas)|nécessite|exige|seulement|"
        r"uniquement|vous-même|toi-même|à la place)\b"
    ),
    capability=re.compile(
        r"(en tant qu'(?:ia|intelligence artificielle)|modèle de langage|je n'ai pas accès|je ne peux pas "
        r"(?:accéder|contrôler|naviguer|me connecter|exécuter)|pas d'accès|en temps réel)"
    ),
    restrict=re.compile(
        r"\b(jamais|ne (?:\w+ )?pas|ne (?:\w+ )?jamais|seulement|uniquement|interdit|pas autorisé|refuse|au plus|"
        r"au maximum|pas plus de|politique)\b"
    ),
)

LANGUAGES: tuple[Language, ...] = (EN, ZH, FR)
LATIN: tuple[Language, ...] = tuple(lang for lang in LANGUAGES if lang.script == "latin")
CJK_LANGS: tuple[Language, ...] = tuple(lang for lang in LANGUAGES if lang.script == "cjk")
STOP = frozenset().union(*(lang.stop for lang in LATIN))
TIME = frozenset().union(*(lang.time for lang in LANGUAGES))
# generic words of tool names and argument keys that say nothing about the kind of request
GENERIC_IDENT = _words(
    """
    get set do run make info data api tool tools by for of to the a an from with v1 v2 v3 call invoke execute exec
    handle manage new item items result results id ids type value values name names key keys param params request
    response input output string number bool true false null none default
    """
)

__all__ = ["CJK_LANGS", "EN", "FR", "GENERIC_IDENT", "LANGUAGES", "LATIN", "NEVER", "STOP", "TIME", "ZH", "Language"]
