# ruff: noqa: E501
"""Tool definitions of the Chinese half of blind slice 5 (Chinese service apps: farming, fishing, community, rentals...).

Property shorthand: "string" / "integer" / "number" / "boolean" / "array:string" / "object"; a trailing "?" marks
an optional property; a list is a string enum; a tuple (type, description) adds a description.
"""

from __future__ import annotations

from engine import tool_registry

REGISTRY, T = tool_registry()

# 农机作业调度
T(
    "agri_dispatch_harvester",
    "把收割机/插秧机等农机派到指定地块作业，返回派单号和预计到场时间。",
    machine_type=["联合收割机", "插秧机", "植保无人机", "旋耕机"],
    plot_id=("string", "地块编号，如 HB-07"),
    date="string",
    area_mu=("number", "作业面积（亩）"),
)
T(
    "farmops.list_machine_queue",
    "查询合作社农机的排队情况和每台机器当前所在村、已排单数。",
    cooperative_id="string",
    machine_type="string?",
)
# 渔船出海报备
T(
    "fishingboat__submit_departure_report",
    "向海事/渔政系统提交渔船出港报备（船号、船员人数、预计返港时间、作业海区）。",
    boat_no="string",
    crew_count="integer",
    sea_area="string",
    expected_return="string",
)
T(
    "getHarborWeatherWindow",
    "获取某渔港未来72小时的风力、浪高和适航窗口。",
    harbor="string",
    hours="integer?",
)
# 茶园采摘记录
T(
    "teagarden_log_picking",
    "登记一次茶青采摘：茶园片区、采摘人、鲜叶重量（斤）、等级。",
    block="string",
    picker="string",
    weight_jin="number",
    grade=["特级", "一级", "二级", "三级"],
)
T(
    "teagarden_get_yield_stats",
    "按日期范围统计某片区或全园的鲜叶产量、各等级占比和人均采摘量。",
    start="string",
    end="string",
    block="string?",
)
# 物流冷库温控
T(
    "coldroom.get_temperature",
    "读取冷库某个库位的实时温度、湿度和最近一次除霜时间。",
    room_id="string",
)
T(
    "coldroom.set_setpoint",
    "修改冷库库位的目标温度（摄氏度），需要操作员工号。",
    room_id="string",
    target_c="number",
    operator_id="string",
)
T(
    "listColdChainAlarms",
    "列出冷链仓库最近的告警（超温、断电、门未关），可按状态过滤。",
    warehouse="string",
    status=["open", "acked", "closed", "all"],
)
# 电动自行车上牌
T(
    "ebike_plate__check_eligibility",
    "根据整车编码(车架号)和3C证书核验电动自行车是否在目录内、能否登记上牌。",
    frame_no="string",
    ccc_cert_no="string?",
)
T(
    "ebike_plate__book_appointment",
    "预约车管所/上牌服务点的登记时间。",
    frame_no="string",
    site_id="string",
    date="string",
    slot="string",
)
# 小区门禁访客
T(
    "createVisitorPass",
    "为访客生成小区门禁二维码，可设有效时段和是否允许车辆入内。",
    unit="string",
    visitor_name="string",
    valid_from="string",
    valid_to="string",
    with_car="boolean?",
    plate="string?",
)
T(
    "gate_list_visitor_records",
    "查询某户名下访客的进出记录。",
    unit="string",
    date="string?",
)
# 垃圾分类积分
T(
    "recycle_points_query",
    "查询住户垃圾分类积分余额和最近投放记录。",
    household_id="string",
)
T(
    "recycle_redeem_gift",
    "用分类积分兑换礼品，积分不足时返回错误。",
    household_id="string",
    gift_code="string",
    quantity="integer?",
)
# 老年大学选课
T(
    "senioruni.search_courses",
    "按学期、类别、上课校区检索老年大学课程及剩余名额。",
    term="string",
    category="string?",
    campus="string?",
)
T(
    "senioruni.enroll",
    "为学员报名一门课程，返回报名号和缴费截止时间。",
    student_id="string",
    course_id="string",
)
# 少儿培训排课
T(
    "kids_class_schedule_lesson",
    "给学员在某位老师名下排一节课（或调课），返回课节号。",
    student="string",
    teacher="string",
    subject="string",
    start_time="string",
    duration_min="integer?",
)
T(
    "getKidsTimetable",
    "获取某个学员一周的课表（科目、老师、教室、剩余课时）。",
    student="string",
    week_of="string?",
)
# 乐器租赁
T(
    "instrument_rental_check_stock",
    "查询门店可租乐器的库存、规格和月租价格。",
    instrument="string",
    store="string?",
    size="string?",
)
T(
    "instrumentRental__createOrder",
    "创建乐器租赁订单（押金、月数、取琴门店）。",
    sku="string",
    months="integer",
    store="string",
    renter_phone="string",
)
# 剧本杀预约
T(
    "murdermystery_list_sessions",
    "列出剧本杀门店某天的场次、剧本名、人数和已拼人数。",
    store="string",
    date="string",
    script="string?",
)
T(
    "murdermystery_book_seat",
    "在某个场次预约座位（拼场或包场）。",
    session_id="string",
    people="integer",
    contact="string",
    private_room="boolean?",
)
# 羽毛球场地预订
T(
    "badminton.court_availability",
    "查询羽毛球馆某日各场地的空闲时段和价格。",
    venue="string",
    date="string",
)
T(
    "badminton.reserve_court",
    "预订羽毛球场地的一个或多个时段。",
    venue="string",
    court_no="integer",
    date="string",
    slots="array:string",
)
# 游泳馆年卡
T("swimcard_get_status", "查询游泳馆年卡状态：到期日、剩余次数、是否冻结。", card_no="string")
T("swimcard_renew", "为游泳年卡续费，返回新的到期日和支付链接。", card_no="string", plan=["年卡", "半年卡", "次卡50次"])
T(
    "swimcard_freeze",
    "冻结/解冻游泳年卡（每年最多冻结60天）。",
    card_no="string",
    action=["freeze", "unfreeze"],
    days="integer?",
)
# 跑腿代办
T(
    "errand__create_task",
    "发布跑腿任务（代买、代取、代排队、代送），返回任务号与预估费用。",
    kind=["代买", "代取", "代送", "代排队"],
    pickup="string",
    dropoff="string",
    detail="string",
)
T("errand__track_runner", "查看跑腿任务的骑手位置、状态和预计送达时间。", task_id="string")
# 搬家预约
T(
    "moving_quote_estimate",
    "根据起止地址、楼层、有无电梯和物品清单估算搬家费用。",
    from_addr="string",
    to_addr="string",
    floors=("string", "如 '6楼无电梯→12楼有电梯'"),
    items="array:string",
)
T(
    "bookMovingTruck",
    "预约搬家车辆和师傅。",
    date="string",
    time="string",
    truck=["小面", "中面", "4.2米厢货"],
    workers="integer",
    from_addr="string",
    to_addr="string",
)
# 二手车估价
T(
    "usedcar_valuation_run",
    "根据品牌车型、上牌年月、里程、城市估算二手车收购价与零售价区间。",
    model="string",
    reg_month="string",
    mileage_km="integer",
    city="string",
)
T("usedcar.check_maintenance_history", "按VIN查询4S店维保记录、出险次数和里程是否异常。", vin="string")
# 装修报价
T(
    "renovation_calc_quote",
    "按房屋面积、户型、装修档次和施工项目计算装修报价明细。",
    area_m2="number",
    layout="string",
    level=["简装", "中档", "高档"],
    items="array:string?",
)
T(
    "renovation.list_material_prices",
    "查询建材（瓷砖、地板、乳胶漆、水电辅料）的当前报价。",
    category="string",
    city="string?",
)
# 家电维修上门
T(
    "appliance_repair_create_ticket",
    "创建家电上门维修工单（品类、故障描述、地址、期望时段）。",
    appliance="string",
    fault="string",
    address="string",
    preferred_time="string",
)
T("applianceRepair_getTicketStatus", "查询维修工单进度、师傅信息和报价。", ticket_id="string")
# 房屋租赁合同备案
T(
    "lease_filing__submit",
    "向住建部门提交房屋租赁合同网签备案。",
    contract_no="string",
    landlord_id="string",
    tenant_id="string",
    rent_yuan="number",
    start="string",
    end="string",
)
T("lease_filing__query_status", "查询租赁合同备案的审核进度和备案证明编号。", contract_no="string")
# 社区食堂订餐
T("canteen_get_menu", "获取社区食堂某日某餐次的菜单、价格和剩余份数。", date="string", meal=["早餐", "午餐", "晚餐"])
T(
    "canteen_place_order",
    "在社区食堂下单，可选堂食或送餐上门（老人优惠自动计算）。",
    resident_id="string",
    dishes="array:string",
    meal=["早餐", "午餐", "晚餐"],
    date="string",
    delivery="boolean?",
)
T("canteen_cancel_order", "取消社区食堂订单（开餐前1小时内不可取消）。", order_id="string")
