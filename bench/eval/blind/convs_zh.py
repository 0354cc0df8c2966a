# ruff: noqa: E501
"""Chinese conversations of the blind slice, written by hand (see README.md)."""

from __future__ import annotations

from typing import Any

from engine import A, Call, R, Spec, U

D = {"o": "openai_chat", "a": "anthropic"}
K = {"s": "stream", "p": "snapshots"}


def S(cid: str, d: str, i: str, tools: list[str], steps: list[Any], scen: str, notes: str, **kw: Any) -> Spec:
    return Spec(id=f"zh-{cid}", lang="zh", dialect=D[d], input=K[i], tools=tools, steps=steps, scenario=scen,
                notes=notes, **kw)


HOME = "你是一个智能家居助手，可以控制家里的设备。设备操作必须通过工具完成。"

SPECS: list[Spec] = [
    # ------------------------------------------------------------------ positives, streams
    S("p01", "o", "s", ["air_conditioner_control", "set_light_scene"], [
        U("客厅空调开一下，制冷26度"),
        Call([("air_conditioner_control", {"room": "客厅", "power": True, "mode": "制冷", "temperature": 26}, {"ok": True, "room": "客厅", "temperature": 26})]),
        A("客厅空调已开启，制冷 26℃。"),
        U("还是有点热，再低两度"),
        R("好的，已经帮您调到24度了。", "air_conditioner_control"),
        U("怎么还是26度"),
    ], "elliptical-follow-up", "“再低两度”是同一空调操作，回复只口头答应，没有调用工具。", system=HOME),
    S("p02", "a", "s", ["adjust_speaker_volume"], [
        U("声音大一点"),
        Call([("adjust_speaker_volume", {"device": "客厅音箱", "direction": "up", "steps": 1}, "success")]),
        A("好的，音量已调大。"),
        U("声音调小一点"),
        R("好的，明白。", "adjust_speaker_volume"),
    ], "seed-story-zh", "种子文章的原始场景：第二次调音量只回复“好的，明白”。",
        system="你是一个智能硬件助手，可以控制设备音量。"),
    S("p03", "o", "s", ["query_train_tickets"], [
        U("查一下明天北京到上海的高铁，12月2号"),
        Call([("query_train_tickets", {"from_city": "北京", "to_city": "上海", "date": "2026-12-02", "train_type": "G"}, [{"train": "G1", "dep": "07:00", "arr": "11:29", "second_class_left": 23}, {"train": "G5", "dep": "07:35", "arr": "12:12", "second_class_left": 0}, {"train": "G13", "dep": "09:00", "arr": "13:28", "second_class_left": 118}])]),
        A("12月2日：G1 07:00→11:29（二等座余23张），G5 07:35 已无二等座，G13 09:00→13:28（余118张）。"),
        U("那后天呢？"),
        R("12月3日余票比较充足：G1、G3、G7 二等座都有票，G13 还剩 60 多张。", "query_train_tickets"),
    ], "elliptical-follow-up", "“那后天呢？”是省略式追问，需要重新查余票，回复凭空编造。",
        system="12306 出行助手。余票实时变化，必须查询。"),
    S("p04", "o", "s", ["ride_hail_request"], [
        U("帮我叫个快车，从望京SOHO到首都机场T3"),
        Call([("ride_hail_request", {"pickup": "望京SOHO", "dropoff": "首都机场T3", "car_type": "快车"}, {"order_id": "DD8812", "driver": "李师傅", "plate": "京B·3K921", "eta_min": 4})]),
        A("已叫到车：李师傅，京B·3K921，约4分钟到望京SOHO。"),
        U("好的，那再帮我给同事叫一辆，从望京SOHO去国贸"),
        R("已为您的同事叫好车，司机约5分钟后到达望京SOHO。", "ride_hail_request"),
    ], "lead-in-new-request", "“好的，那再帮我……”是新请求，回复声称已叫车却没有调用。"),
    S("p05", "a", "s", ["sql_query", "describeTable"], [
        U("上周（11月23日到29日）的订单量是多少？用 warehouse 库"),
        Call([("sql_query", {"database": "warehouse", "query": "SELECT COUNT(*) FROM orders WHERE created_at >= '2026-11-23' AND created_at < '2026-11-30'"}, {"rows": [[48213]]})]),
        A("上周共 48,213 单。"),
        U("那退款率呢？"),
        R("上周的退款率大约是 3.2%，比前一周略有下降。", "sql_query"),
    ], "elliptical-follow-up", "退款率需要新的查询；回复编造数字。",
        system="你是数据分析助手，所有数字必须来自数据库查询。"),
    S("p06", "o", "s", ["fetchForecast", "air_quality_index"], [
        U("杭州今天天气怎么样？"),
        Call([("fetchForecast", {"location": "杭州", "days": 1}, [{"date": "2026-12-01", "high_c": 14, "low_c": 6, "sky": "cloudy"}])]),
        A("杭州今天多云，6～14℃。"),
        U("那明天呢？我明天要去爬山"),
        R("明天杭州晴转多云，8～16℃，很适合爬山。", "fetchForecast"),
    ], "elliptical-follow-up", "“那明天呢？”+附加说明；上次只查了1天，明天的预报是编的。"),
    S("p07", "o", "s", ["meal_delivery_order"], [
        U("帮我点一份楼下那家老乡鸡的农家小炒肉套餐，送到公司"),
        Call([("meal_delivery_order", {"shop": "老乡鸡（望京店）", "items": ["农家小炒肉套餐"], "address": "公司"}, {"order_id": "MT-66120", "eta": "12:35", "price": 32.9})]),
        A("已下单：农家小炒肉套餐，32.9元，预计12:35送到。"),
        U("再帮我点一杯瑞幸的生椰拿铁，少冰"),
        R("好的，生椰拿铁少冰已经下单，大约20分钟送到。", "meal_delivery_order"),
    ], "lead-in-new-request", "新的外卖请求（不同店铺）只被口头确认。"),
    S("p08", "a", "s", ["translate_text"], [
        U("把“本产品不适用于三岁以下儿童”翻译成英文"),
        Call([("translate_text", {"text": "本产品不适用于三岁以下儿童", "target_lang": "en", "source_lang": "zh"}, {"translation": "This product is not suitable for children under 3 years of age."})]),
        A("英文：This product is not suitable for children under 3 years of age."),
        U("再翻成日语"),
        R("日语：「本製品は3歳未満のお子様には適していません。」", "translate_text"),
    ], "same-action-new-target", "系统提示要求所有翻译走术语库工具；第二次翻译凭记忆完成。",
        system="你是跨境电商的本地化助手。所有面向客户的翻译都必须调用 translate_text（它会套用品牌术语库）。"),
    S("p09", "o", "s", ["jira.search_issues", "jira.create_issue"], [
        U("PAY 项目里还有哪些没关的高优先级 bug？"),
        Call([("jira.search_issues", {"jql": "project = PAY AND type = Bug AND priority = High AND status != Done"}, {"total": 1, "issues": [{"key": "PAY-311", "summary": "Refund callback retried forever"}]})]),
        A("只有一个：PAY-311 “Refund callback retried forever”。"),
        U("帮我建个新 bug：支付页面在微信内置浏览器白屏，优先级高"),
        R("已创建 PAY-312：支付页面在微信内置浏览器白屏（High）。", "jira.create_issue"),
    ], "defined-tool-new-wording", "建 bug 由 jira.create_issue 提供（已定义）；回复声称已创建。"),
    S("p10", "o", "s", ["fund_nav_lookup"], [
        U("看下 005827 今天的净值"),
        Call([("fund_nav_lookup", {"fund_code": "005827"}, {"name": "易方达蓝筹精选混合", "nav": 1.8421, "change_pct": -0.87, "date": "2026-11-30"})]),
        A("易方达蓝筹精选混合（005827）11月30日净值 1.8421，跌 0.87%。"),
        U("161725 呢"),
        R("招商中证白酒指数（161725）最新净值 0.9876，涨 1.12%。", "fund_nav_lookup"),
    ], "elliptical-follow-up", "只给代码的省略式追问，净值是编的。"),
    S("p11", "a", "s", ["hospital_register"], [
        U("帮我在协和医院挂个周四上午的皮肤科，就诊人张伟"),
        Call([("hospital_register", {"hospital": "北京协和医院", "department": "皮肤科", "date": "2026-12-03", "period": "上午", "patient": "张伟"}, {"reg_no": "XH-20261203-0412", "queue_no": 17, "fee": 50})]),
        A("挂好了：12月3日上午皮肤科，17号，挂号费50元。"),
        U("谢谢！顺便帮我妈也挂一个，心内科，同一天下午，就诊人刘芳"),
        R("已为刘芳挂好12月3日下午心内科的号，请按时就诊。", "hospital_register"),
    ], "lead-in-new-request", "“谢谢！顺便……”带新的挂号请求，回复只声称完成。", block_text=True),
    S("p12", "o", "s", ["pay_bill", "list_upcoming_bills"], [
        U("这个月要交哪些生活缴费？"),
        Call([("list_upcoming_bills", {"days_ahead": 30}, [{"biller_id": "sgcc-110", "name": "国家电网 电费", "amount": 186.4}, {"biller_id": "gas-220", "name": "北京燃气", "amount": 98.5}])]),
        A("电费 186.4 元、燃气费 98.5 元。"),
        U("先把电费交了，用储蓄卡"),
        Call([("pay_bill", {"biller_id": "sgcc-110", "amount": 186.4, "from_account": "储蓄卡"}, {"status": "success", "txn": "PAY-998812"})]),
        A("电费 186.4 元已缴清，流水号 PAY-998812。"),
        U("好的，那再帮我把燃气费也交了"),
        R("燃气费 98.5 元也已经交好了。", "pay_bill"),
    ], "lead-in-new-request", "种子风格的“好的，那再帮我……”，回复声称已缴费。"),
    S("p13", "o", "s", ["trackParcel"], [
        U("查一下快递 SF1402233876511"),
        Call([("trackParcel", {"tracking_number": "SF1402233876511"}, {"status": "out_for_delivery", "last_event": "Courier picked up at Chaoyang station", "eta": "2026-12-01 18:00"})]),
        A("正在派送中，预计今天18点前送达。"),
        U("还有一个单号 SF1402233876512，这个到哪了"),
        R("这个包裹还在杭州转运中心，预计后天到。", "trackParcel"),
    ], "different-wording", "第二个单号需要再查；回复编造物流状态。"),
    S("p14", "a", "s", ["exec_shell"], [
        U("看一下 nginx 的错误日志最后几行"),
        Call([("exec_shell", {"command": "tail -n 5 /var/log/nginx/error.log"}, "2026/11/30 23:51:02 [error] 811#811: *9921 upstream timed out (110: Connection timed out) while reading response header from upstream, upstream: \"http://127.0.0.1:8080/api/orders\"")]),
        A("最后几行都是上游超时：/api/orders 到 127.0.0.1:8080 读取响应头超时。"),
        U("那重启一下 nginx 吧"),
        R("已重启 nginx，服务恢复正常。", "exec_shell"),
    ], "different-wording", "重启需要执行命令；回复声称已重启。",
        system="你是运维助手，有预发环境服务器的 shell 权限。"),
    S("p15", "o", "s", ["run_python"], [
        U("帮我算一下这组数的均值和标准差：12, 15, 11, 19, 23"),
        Call([("run_python", {"code": "import statistics as s\nx=[12,15,11,19,23]\nprint(s.mean(x), s.stdev(x))"}, {"stdout": "16 4.898979485566356\n", "exit_code": 0})]),
        A("均值 16，样本标准差约 4.899。"),
        U("换成这组再跑一次：8, 8, 9, 31, 40, 12"),
        R("均值是 18，标准差约 13.5。", "run_python"),
    ], "different-wording", "要求“再跑一次”，回复没有执行代码就给出结果。",
        system="你是数据助手，计算一律用 Python 沙箱执行。"),
    S("p16", "o", "s", ["schedule_meeting", "find_free_slots"], [
        U("明天下午两点帮我约个需求评审，一小时，叫上 wang@lanhu.cn"),
        Call([("schedule_meeting", {"title": "需求评审", "start": "2026-12-02T14:00:00", "duration_min": 60, "attendees": ["wang@lanhu.cn"]}, {"event_id": "evt_7731", "status": "confirmed"})]),
        A("已约好：12月2日 14:00–15:00 需求评审，已邀请小王。"),
        U("谢谢！再约一个周五下午三点的复盘会，半小时，也叫上他"),
        R("好的，周五 15:00–15:30 的复盘会已经约好，并邀请了小王。", "schedule_meeting"),
    ], "lead-in-new-request", "“谢谢！再约一个……”是新请求，回复只口头确认。"),
    S("p17", "a", "s", ["car_get_battery_status", "car_set_charge_limit"], [
        U("车还有多少电？车辆 id 是 ev-0719"),
        Call([("car_get_battery_status", {"vehicle_id": "ev-0719"}, {"soc_pct": 41, "range_km": 212, "charging": True})]),
        A("还有 41%，续航约 212 公里，正在充电。"),
        U("明天要跑长途，把充电上限设成 100%"),
        R("已将充电上限设为 100%，明早出发前会充满。", "car_set_charge_limit"),
    ], "defined-tool-new-wording", "设置充电上限由已定义工具完成；回复没有调用。"),
    S("p18", "o", "s", ["water_heater_set", "air_conditioner_control"], [
        U("热水器烧到 55 度，我一会儿洗澡"),
        Call([("water_heater_set", {"power": True, "target_c": 55}, {"ok": True, "current_c": 38, "eta_min": 25})]),
        A("热水器已开，目标55℃，大约25分钟烧好。"),
        U("洗完了，把它关了吧，省点电"),
        R("好的，热水器已关闭。", "water_heater_set"),
    ], "different-wording", "关热水器用同一个工具，回复只说已关闭。", system=HOME),
    S("p19", "o", "s", ["get_account_balance", "transfer_funds"], [
        U("工资卡（尾号 6621）余额多少？"),
        Call([("get_account_balance", {"account_id": "6621"}, {"available": 8342.17, "currency": "CNY"})]),
        A("工资卡余额 8,342.17 元。"),
        U("理财账户呢，尾号 0905"),
        R("理财账户（0905）目前余额 52,300.00 元。", "get_account_balance"),
    ], "elliptical-follow-up", "省略式追问另一个账户，余额是编的。",
        system="你是银行 App 的智能客服，余额必须实时查询。"),
    S("p20", "a", "s", ["robot_vacuum_start"], [
        U("扫地机器人扫一下客厅"),
        Call([("robot_vacuum_start", {"rooms": ["客厅"], "suction": "standard"}, {"job_id": "v-5521", "status": "cleaning"})]),
        A("已开始清扫客厅。"),
        U("卧室也扫一下，吸力开大点，猫掉毛厉害"),
        R("好的，卧室也安排上了，吸力已调到最大。", "robot_vacuum_start"),
    ], "different-wording", "另一个房间的清扫请求只被口头答应。", system=HOME),
    S("p21", "o", "s", ["video_conference_create"], [
        U("建一个今天下午四点的视频会议，主题“版本发布对齐”，一个小时"),
        Call([("video_conference_create", {"topic": "版本发布对齐", "start": "2026-12-01T16:00:00", "duration_min": 60}, {"meeting_no": "824 551 903", "url": "https://meeting.example.cn/j/824551903"})]),
        A("会议已创建：会议号 824 551 903。"),
        U("再建一个明天上午十点的，主题是候选人面试，45分钟"),
        R("已创建：明天10:00 候选人面试，会议号 913 220 478。", "video_conference_create"),
    ], "lead-in-new-request", "同类操作的新请求；会议号是编的。"),
    S("p22", "o", "s", ["query_metrics"], [
        U("11月的 GMV 是多少？"),
        Call([("query_metrics", {"metric": "gmv", "start": "2026-11-01", "end": "2026-11-30"}, {"total": 38412009.5, "currency": "CNY", "vs_prev": "+12.4%"})]),
        A("11月 GMV 约 3,841.2 万元，环比增长 12.4%。"),
        U("按渠道拆一下"),
        R("按渠道：小程序 1,620 万，App 1,480 万，H5 520 万，其他 221 万。", "query_metrics"),
    ], "different-wording", "按渠道拆分需要带 group_by 重新查询；数字是编的。"),
    S("p23", "a", "s", ["tv_switch_channel", "adjust_speaker_volume"], [
        U("电视换到 CCTV5，看球"),
        Call([("tv_switch_channel", {"channel": "CCTV5"}, {"ok": True, "channel": "CCTV-5 体育"})]),
        A("已切换到 CCTV-5 体育。"),
        U("球赛结束了，换到湖南卫视"),
        R("好的。", "tv_switch_channel"),
    ], "different-wording", "换台请求只回复“好的。”", system=HOME, block_text=True),
    S("p24", "o", "s", ["currency_convert"], [
        U("1000 美元换人民币是多少？"),
        Call([("currency_convert", {"amount": 1000, "from_currency": "USD", "to_currency": "CNY"}, {"amount": 7186.3, "rate": 7.1863})]),
        A("约 7,186.30 元（汇率 7.1863）。"),
        U("那 500 欧元呢？下周去巴黎要用"),
        R("500 欧元大约是 3,900 元人民币。", "currency_convert"),
    ], "elliptical-follow-up", "换一种货币的省略式追问；汇率凭记忆。"),
    S("p25", "o", "s", ["request_time_off", "get_pto_balance"], [
        U("帮我请12月24日到26日的年假，工号 E-3307"),
        Call([("request_time_off", {"employee_id": "E-3307", "start_date": "2026-12-24", "end_date": "2026-12-26", "kind": "vacation"}, {"request_id": "TO-1209", "status": "pending_approval", "days": 3})]),
        A("已提交：TO-1209，共3天，等待主管审批。"),
        U("我今年还剩几天年假？"),
        R("扣除这次后，您今年还剩 5 天年假。", "get_pto_balance"),
    ], "defined-tool-new-wording", "get_pto_balance 已定义且正好对应；天数是编的。",
        system="你是公司 HR 助手。"),
    S("p26", "o", "s", ["set_light_scene"], [
        U("卧室的灯关掉"),
        Call([("set_light_scene", {"room": "卧室", "brightness_pct": 0}, {"ok": True})]),
        A("卧室灯已关。"),
        U("客厅的也关了"),
        R("客厅灯已关闭。", "set_light_scene"),
        U("走廊的也关"),
        R("走廊灯也关好了，晚安！", "set_light_scene"),
        U("客厅怎么还亮着？"),
    ], "two-regressions", "第一次真实调用之后，连续两个关灯请求都只用文字回复。", system=HOME),
    S("p27", "a", "s", ["find_nearby_places", "route_directions"], [
        U("附近有什么评分高的火锅店？我在五道口"),
        Call([("find_nearby_places", {"query": "火锅", "near": "五道口", "open_now": True}, [{"name": "海底捞（五道口店）", "rating": 4.7, "distance_m": 350}, {"name": "巴奴毛肚火锅（五道口店）", "rating": 4.6, "distance_m": 600}])]),
        A("海底捞（4.7分，350米）和巴奴毛肚火锅（4.6分，600米）。"),
        U("去巴奴怎么走？走路"),
        R("从五道口地铁站出来沿成府路往东走大约8分钟就到了。", "route_directions"),
    ], "defined-tool-new-wording", "步行路线由 route_directions 提供；回复凭记忆给路线。"),
    S("p28", "o", "s", ["create_shipment_label", "schedule_pickup"], [
        U("寄一个 2.5 公斤的包裹，顺丰，从 100015 寄到 310000，帮我下个面单"),
        Call([("create_shipment_label", {"carrier": "sf-express", "from_postcode": "100015", "to_postcode": "310000", "weight_kg": 2.5}, {"waybill": "SF1500081123344", "price_cny": 23.0})]),
        A("面单已生成：SF1500081123344，运费23元。"),
        U("好的，再约个明天上午上门取件，地址是朝阳区酒仙桥路 10 号"),
        R("已预约明天上午顺丰上门取件，快递员会提前电话联系您。", "schedule_pickup"),
    ], "lead-in-new-request", "预约取件由已定义工具完成；回复只声称已预约。"),
]
