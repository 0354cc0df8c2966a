"""Tool definitions of the Chinese half of blind slice 3 (name -> description and JSON schema).

Domains: greenhouse sensors, elder-care visits, school timetables, wet-market prices, second-hand listings,
live streaming and danmaku, short videos, community group buying, fuel prices, ferry tickets, metro transfers,
mobile top-up and data, broadband repair, thesis similarity checks, patents, company registry, job applications,
wedding venues, photo studios, pet boarding. Descriptions are in Chinese, as a Chinese app would ship them.
"""

from __future__ import annotations

from engine import tool_registry

REGISTRY, T = tool_registry()

# 大棚温室传感器
T(
    "greenhouse_get_sensor_readings",
    "读取指定大棚内传感器的最新数据（空气温湿度、土壤含水率、CO2 浓度、光照）。",
    greenhouse_id=("string", "大棚编号，如 GH-03"),
    metrics=("array:string", "要读取的指标，留空表示全部"),
)
T(
    "greenhouse.set_vent",
    "设置大棚顶部通风窗或侧面卷膜的开合比例。",
    greenhouse_id="string",
    vent=["roof", "side_left", "side_right"],
    open_percent=("integer", "0-100"),
)
T(
    "greenhouse.run_irrigation",
    "启动滴灌，按分钟计时，结束后自动关闭电磁阀。",
    greenhouse_id="string",
    zone="string",
    minutes="integer",
)
# 养老护理预约
T(
    "eldercare__list_caregivers",
    "查询某社区可上门服务的护理员及空闲时段。",
    community="string",
    service_type=["助浴", "助餐", "康复理疗", "陪诊", "居家保洁"],
    date="string",
)
T(
    "eldercare__book_visit",
    "为老人预约一次上门护理服务，返回预约单号。",
    elder_id="string",
    caregiver_id="string",
    service_type="string",
    start_time=("string", "ISO 8601"),
    notes="string?",
)
T("eldercare__cancel_visit", "取消一张上门护理预约单。", booking_id="string", reason="string?")
# 学校排课
T(
    "createTimetableDraft",
    "根据年级、班级和课时要求生成一份排课草案。",
    grade="string",
    classes="array:string",
    constraints=("object", "如 {\"语文\": 6, \"数学\": 6}，每周课时"),
)
T(
    "checkRoomConflict",
    "检查某教室或某老师在给定节次是否已被占用。",
    week_day=("integer", "1-5"),
    period=("integer", "第几节"),
    room="string?",
    teacher="string?",
)
T(
    "swapLessons",
    "交换两节课（调课），同时通知相关任课老师。",
    class_name="string",
    from_slot=("string", "如 周二第3节"),
    to_slot="string",
)
# 菜市场价格
T(
    "wetmarket_price_query",
    "查询本地农贸市场当日批发/零售均价，单位元/斤。",
    items="array:string",
    market="string?",
    date="string?",
)
# 二手交易发布
T(
    "secondhand.publish_item",
    "在二手平台发布一件闲置，返回商品链接。",
    title="string",
    price="number",
    condition=["全新", "99新", "95新", "9成新", "8成新及以下"],
    description="string",
    shipping=["包邮", "到付", "自提"],
)
T("secondhand.update_price", "修改已发布闲置的价格。", item_id="string", new_price="number")
T("secondhand.list_my_items", "列出我在二手平台在售/已售的商品。", status=["在售", "已售", "已下架"])
# 直播开播与弹幕
T(
    "live__start_broadcast",
    "创建并开播一场直播，返回推流地址和房间号。",
    title="string",
    category="string",
    scheduled_at="string?",
)
T(
    "live__fetch_danmaku",
    "拉取直播间最近的弹幕，可按关键词过滤。",
    room_id="string",
    limit="integer?",
    keyword="string?",
)
T("live__ban_viewer", "在直播间禁言某个观众。", room_id="string", user_id="string", minutes="integer")
T("live__end_broadcast", "结束当前直播并生成回放。", room_id="string")
# 短视频发布
T(
    "shortvideo_upload",
    "上传短视频并发布（或存为草稿），可带话题和定时发布时间。",
    file_path="string",
    caption="string",
    hashtags="array:string?",
    publish_at="string?",
    as_draft="boolean?",
)
T("shortvideo_get_stats", "查看已发布短视频的播放、点赞、评论、转发数据。", video_id="string")
# 社区团购
T(
    "groupbuy.listLeaderDeals",
    "列出本小区团长今天开团的商品、团购价和截单时间。",
    community_code="string",
)
T(
    "groupbuy.createOrder",
    "在社区团购下单，次日到自提点取货。",
    deal_id="string",
    quantity="integer",
    pickup_point="string",
)
# 加油站油价
T(
    "getFuelPrices",
    "查询附近加油站的实时油价（92#/95#/98#/0#柴油），单位元/升。",
    city="string",
    near="string?",
    fuel_type=["92", "95", "98", "0"],
)
# 船票
T(
    "ferry_search_sailings",
    "查询客轮/快船班次和余票。",
    from_port="string",
    to_port="string",
    date="string",
)
T(
    "ferry_book_ticket",
    "预订船票，需要乘客姓名和证件号，返回订单号。",
    sailing_id="string",
    seat_class=["经济舱", "二等舱", "一等舱", "VIP"],
    passengers=("array:string", "乘客姓名"),
    id_numbers="array:string",
)
# 地铁换乘
T(
    "metro__plan_transfer",
    "规划地铁换乘路线，返回换乘站、站数、预计用时和票价。",
    city="string",
    from_station="string",
    to_station="string",
    depart_time="string?",
)
T(
    "metro__first_last_train",
    "查询某站某方向的首末班车时间。",
    city="string",
    station="string",
    line="string",
)
# 话费充值与流量
T("topup_mobile_credit", "给手机号充值话费，返回订单号和到账状态。", phone="string", amount_yuan="integer")
T("checkDataUsage", "查询手机号本月套餐内流量、通话分钟的已用和剩余。", phone="string")
T(
    "buyDataPack",
    "为手机号订购流量加油包，当月有效。",
    phone="string",
    pack=["1GB-6元", "5GB-20元", "10GB-30元", "日包1GB-3元"],
)
# 宽带报修
T(
    "broadband.createRepairTicket",
    "提交宽带故障报修工单，返回工单号和预计上门时间。",
    account="string",
    fault=["无法上网", "网速慢", "频繁掉线", "光猫红灯", "IPTV无信号"],
    contact_phone="string",
    address="string",
)
T("broadband.getTicketStatus", "查询报修工单进度和维修师傅信息。", ticket_id="string")
T("broadband.lineDiagnose", "远程检测宽带线路和光猫状态（光功率、在线时长）。", account="string")
# 论文查重
T(
    "thesis_similarity_submit",
    "提交论文进行查重，返回任务号；按字数计费。",
    file_name="string",
    database=["本科版", "硕博版", "期刊版"],
    exclude_self="boolean?",
)
T("thesis_similarity_report", "获取查重任务的结果：总复制比、各章节复制比和标红段落数。", task_id="string")
# 专利检索
T(
    "searchPatents",
    "按关键词、申请人、IPC 分类检索中国专利，返回公开号、名称、申请日和法律状态。",
    query="string",
    applicant="string?",
    ipc="string?",
    date_from="string?",
)
T("patent_legal_status", "查询一件专利的法律状态变更记录（授权、年费、无效、转让）。", publication_no="string")
# 企业工商信息
T(
    "bizreg.lookup_company",
    "按企业名称或统一社会信用代码查询工商登记信息（法人、注册资本、成立日期、经营状态、经营范围）。",
    keyword="string",
)
T("bizreg.list_shareholders", "查询企业股东及出资比例。", credit_code="string")
T("bizreg.risk_records", "查询企业的行政处罚、经营异常、失信被执行记录。", credit_code="string")
# 招聘投递
T(
    "jobs__search_postings",
    "搜索招聘岗位，可按城市、薪资、经验筛选。",
    keyword="string",
    city="string",
    salary_min_k="integer?",
    experience="string?",
)
T(
    "jobs__submit_application",
    "用已保存的简历投递一个岗位。",
    posting_id="string",
    resume_id="string",
    cover_note="string?",
)
T("jobs__application_status", "查看已投递岗位的进度（已查看、邀约面试、不合适）。", status_filter="string?")
# 婚礼场地
T(
    "wedding_venue_search",
    "搜索婚宴酒店/草坪/宴会厅，返回桌数、餐标、档期。",
    city="string",
    date="string",
    tables="integer",
    budget_per_table="integer?",
)
T(
    "wedding_venue_hold_date",
    "为某场地锁定档期（需支付定金前的 48 小时保留）。",
    venue_id="string",
    hall="string",
    date="string",
    contact="string",
)
# 摄影预约
T(
    "photoStudio.listSlots",
    "查询摄影工作室某天的可约档期和套餐。",
    studio_id="string",
    date="string",
    package="string?",
)
T(
    "photoStudio.book",
    "预约拍摄档期，返回预约号。",
    studio_id="string",
    slot_id="string",
    package="string",
    customer_name="string",
    phone="string",
)
# 宠物寄养
T(
    "pet_boarding_availability",
    "查询宠物寄养店在某段时间的空位和价格。",
    city="string",
    pet_type=["猫", "小型犬", "中型犬", "大型犬", "异宠"],
    check_in="string",
    check_out="string",
)
T(
    "pet_boarding_reserve",
    "预订宠物寄养，返回订单号。",
    shop_id="string",
    pet_name="string",
    pet_type="string",
    check_in="string",
    check_out="string",
    vaccine_ok="boolean",
)
T("pet_boarding_cam_snapshot", "获取寄养房间摄像头的最新截图链接和拍摄时间。", order_id="string")
